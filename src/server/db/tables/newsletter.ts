import type { Timestamp } from './timestamp.js';

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** A newsletter address; only `confirmed` ones receive the newsletter (double opt-in). */
export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  status: NewsletterStatus;
  /** SHA-256 of the pending confirmation token, base64url; null once used or withdrawn. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  /** SHA-256 of the unsubscribe token carried by every newsletter mail. */
  unsubscribe_token_hash: string;
  created_at: Timestamp;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}
