import { hkdfSync } from 'node:crypto';
import type { Config } from './config.js';

/**
 * Keys derived from the server secret (JWT_SECRET), one per purpose, each under its own HKDF
 * label: a module gets the key of its purpose and never the secret itself, and no two purposes
 * share a key (docs/decisions/0060-module-dependencies.md). Derived once, when the app is built.
 * The access tokens are signed with the secret itself, as JWT_SECRET's name says.
 */
export interface ServerKeys {
  /** HMAC key of the newsletter's unsubscribe tokens (docs/decisions/0050-newsletter-unsubscribe-tokens.md). */
  newsletterUnsubscribe: Buffer;
  /** Encryption key of the OAuth flow cookie (docs/decisions/0021-oauth-flow-cookie.md). */
  oauthFlow: Uint8Array;
}

// The salts and labels are the ones the keys were first derived with: changing one would break
// the unsubscribe links in mails already sent.
export function deriveServerKeys(secrets: Config['secrets']): ServerKeys {
  return {
    newsletterUnsubscribe: Buffer.from(
      hkdfSync('sha256', secrets.jwt, 'lexwise', 'newsletter-unsubscribe', 32),
    ),
    oauthFlow: new Uint8Array(
      hkdfSync('sha256', secrets.jwt, '', 'lexwise oauth flow cookie v1', 32),
    ),
  };
}
