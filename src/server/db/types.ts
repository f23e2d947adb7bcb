import type { ColumnType } from 'kysely';

/**
 * Times are ISO-8601 UTC strings in both databases: `timestamptz` in PostgreSQL (read back
 * through a type parser as ISO strings) and `text` in SQLite, so comparisons work the same way.
 */
export type Timestamp = ColumnType<string, string, string>;

export interface UsersTable {
  id: string;
  email: string;
  email_verified_at: string | null;
  password_hash: string | null;
  given_name: string | null;
  family_name: string | null;
  picture_url: string | null;
  jurisdiction_country: string | null;
  jurisdiction_region: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while an admin has the account disabled: it cannot sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One issued refresh token; a family is one sign-in, rotated token after token. */
export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  /** SHA-256 of the token, base64url; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when the token is rotated (replaced_by then names its successor) or its family revoked. */
  revoked_at: string | null;
  replaced_by: string | null;
  user_agent: string | null;
}

export type EmailTokenPurpose = 'verify' | 'reset';

/** A single-use token sent in an email link. */
export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: string | null;
}

/** A user's account at a social sign-in provider; (provider, subject) is unique. */
export interface OAuthAccountsTable {
  id: string;
  user_id: string;
  provider: 'google' | 'facebook';
  /** The provider's stable id for the person: OpenID `sub`, or Facebook's user id. */
  subject: string;
  /** The email the provider reported when the link was made. */
  email: string | null;
  created_at: Timestamp;
}

/** A message sent through the contact form. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  /** The sender's IP address, kept to trace abuse. */
  ip: string | null;
  created_at: Timestamp;
  /** Set once the message was mailed to the firm's inbox; null if that failed or none is set. */
  forwarded_at: string | null;
  /** Set once the visitor's acknowledgment was sent. */
  acknowledged_at: string | null;
}

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

/** A chat; stored with its first message, so none is ever empty. */
export interface ConversationsTable {
  id: string;
  user_id: string;
  title: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ChatMessageStatus = 'complete' | 'stopped' | 'error';

/** A question or an answer; `sources` is JSON text (a StoredSource list) in both databases. */
export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  user_id: string;
  role: 'user' | 'assistant';
  content: string;
  status: ChatMessageStatus;
  charged: number;
  sources: string;
  feedback: 'up' | 'down' | null;
  /** How an answer's question was placed (decision 0110); null for questions. */
  placement: string | null;
  created_at: Timestamp;
}

/** When a person acknowledged that the assistant is an AI giving information, not advice. */
export interface ChatNoticeAcknowledgmentsTable {
  user_id: string;
  acknowledged_at: Timestamp;
}

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

/** Every table, by name. Each module's migration adds its tables here. */
export type BillingProvider = 'stripe' | 'demo';
export type SubscriptionStatusColumn =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused';

export interface BillingCustomersTable {
  user_id: string;
  provider: BillingProvider;
  customer_id: string;
  trial_used_at: string | null;
  created_at: string;
}

/** A subscription as last read from its provider; `cancel_at_period_end` is 0 or 1. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: BillingProvider;
  customer_id: string;
  plan_id: string;
  status: SubscriptionStatusColumn;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  cancel_at_period_end: number;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One allowance billing granted: per subscription, billing period and plan (decision 0101). */
export interface BillingGrantsTable {
  subscription_id: string;
  /** The period's start as the provider reported it (ISO); a key, not compared as a time. */
  period_start: string;
  plan_id: string;
  user_id: string;
  created_at: string;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  processed_at: string;
}

export interface DemoCheckoutSessionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  trial_days: number;
  status: 'open' | 'complete' | 'expired';
  subscription_id: string | null;
  created_at: string;
}

export interface DemoSubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  status: SubscriptionStatusColumn;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  cancel_at_period_end: number;
  ended_at: string | null;
  created_at: string;
}

/** day and month windows renew by themselves; a period window only by a billing grant. */
export type WindowKind = 'day' | 'month' | 'period';

export type StaffRole = 'staff' | 'admin';

/** A person's role at the firm; a person without a row is a `user` (decision 0130). */
export interface StaffRolesTable {
  user_id: string;
  role: StaffRole;
  granted_by: string | null;
  granted_at: Timestamp;
}

/** One staff action or opening of a shared conversation; append-only (triggers refuse changes). */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  /** JSON text. */
  detail: string;
  created_at: Timestamp;
}

export type CaseStatus = 'received' | 'in_review' | 'answered' | 'closed';

/** A question a person put to the firm (decision 0131). */
export interface CasesTable {
  id: string;
  number: number;
  user_id: string;
  question: string;
  state: string;
  area: string | null;
  contact_preference: 'email' | 'phone';
  phone: string | null;
  status: CaseStatus;
  assignee_id: string | null;
  /** JSON text: a copy of the shared conversation's messages, or null when not shared. */
  shared_conversation: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CaseMessagesTable {
  id: string;
  case_id: string;
  author: 'person' | 'firm';
  author_id: string | null;
  body: string;
  created_at: Timestamp;
}

/** Staff's private notes on a case; the person never sees them. */
export interface CaseNotesTable {
  id: string;
  case_id: string;
  author_id: string | null;
  author_email: string;
  body: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  oauth_accounts: OAuthAccountsTable;
  token_accounts: TokenAccountsTable;
  token_ledger: TokenLedgerTable;
  token_reservations: TokenReservationsTable;
  conversations: ConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_notice_acknowledgments: ChatNoticeAcknowledgmentsTable;
  mail_outbox: MailOutboxTable;
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  billing_grants: BillingGrantsTable;
  webhook_events: WebhookEventsTable;
  demo_checkout_sessions: DemoCheckoutSessionsTable;
  demo_subscriptions: DemoSubscriptionsTable;
  staff_roles: StaffRolesTable;
  audit_log: AuditLogTable;
  cases: CasesTable;
  case_messages: CaseMessagesTable;
  case_notes: CaseNotesTable;
}
