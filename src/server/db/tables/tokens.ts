import type { Timestamp } from './timestamp.js';

/** day and month windows renew by themselves; a period window only by a billing grant. */
export type WindowKind = 'day' | 'month' | 'period';

/** A person's tokens: the balance is the sum of their ledger rows. */
export interface TokenAccountsTable {
  user_id: string;
  plan_id: string;
  balance: number;
  window_kind: WindowKind;
  /** What each window grants (Premium: the fair-use ceiling). */
  window_allowance: number;
  window_start: Timestamp;
  window_end: Timestamp;
  /** Replies streaming now, across instances; bounded by CHAT_MAX_CONCURRENT_PER_USER. */
  open_streams: number;
  last_reserved: number;
  last_expired: number | null;
  updated_at: Timestamp;
}

export type LedgerKind = 'grant' | 'expire' | 'hold' | 'release' | 'charge';

/** One change of a balance; append-only, each with a unique reference so it happens once. */
export interface TokenLedgerTable {
  id: string;
  user_id: string;
  delta: number;
  kind: LedgerKind;
  reference: string;
  balance_after: number;
  created_at: Timestamp;
}

/** Tokens held for a reply being written. */
export interface TokenReservationsTable {
  id: string;
  user_id: string;
  amount: number;
  window_start: Timestamp;
  created_at: Timestamp;
  expires_at: Timestamp;
  settled_at: string | null;
  charged: number | null;
}
