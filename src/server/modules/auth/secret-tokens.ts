import { createHash, randomBytes } from 'node:crypto';

/** A new random token of 256 bits, base64url (43 characters): what goes into a cookie or link. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, base64url. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
