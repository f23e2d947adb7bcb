import type { Timestamp } from './timestamp.js';

/** An outgoing mail waiting to be sent (or given up on); sent ones are deleted. */
export interface MailOutboxTable {
  id: string;
  /** The MailMessage as JSON; null once the mail was given up on. */
  message: string | null;
  /** What the mail is, e.g. "auth.verify" or "contact.forward"; a module may act once it is sent. */
  kind: string;
  /** The record the mail is about (e.g. a contact message id), for that module. */
  reference: string | null;
  created_at: Timestamp;
  attempts: number;
  next_attempt_at: string;
  /** Set by the sender that claimed the row; another may take it once leased_until has passed. */
  lease_token: string | null;
  leased_until: string | null;
  failed_at: string | null;
  last_error: string | null;
}
