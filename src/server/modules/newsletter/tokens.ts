import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A fresh, random 256-bit token for a link. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a copy of the database cannot be turned into working links. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The unsubscribe token of a subscriber: a keyed hash of its id, so every mail, now or later, can
 * carry a working unsubscribe link without the token itself being stored
 * (docs/decisions/0050-newsletter-unsubscribe-tokens.md). `key` is the newsletter's own key
 * (ServerKeys.newsletterUnsubscribe), derived from the server secret under its own label.
 */
export function unsubscribeTokenFor(key: Buffer, subscriberId: string): string {
  return createHmac('sha256', key).update(subscriberId).digest('base64url');
}
