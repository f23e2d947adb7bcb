import type {
  EmailTokensTable,
  OAuthAccountsTable,
  RefreshTokensTable,
  UsersTable,
} from './tables/auth.js';
import type {
  BillingCustomersTable,
  BillingGrantsTable,
  DemoCheckoutSessionsTable,
  DemoSubscriptionsTable,
  SubscriptionsTable,
  WebhookEventsTable,
} from './tables/billing.js';
import type { CaseMessagesTable, CaseNotesTable, CasesTable } from './tables/cases.js';
import type { ContactMessagesTable } from './tables/contact.js';
import type { MailOutboxTable } from './tables/mail.js';
import type { NewsletterSubscribersTable } from './tables/newsletter.js';
import type { AuditLogTable, StaffRolesTable } from './tables/staff.js';
import type { Timestamp } from './tables/timestamp.js';
import type {
  TokenAccountsTable,
  TokenLedgerTable,
  TokenReservationsTable,
} from './tables/tokens.js';

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

/**
 * Every table, by name. Each module's migration adds its tables here; their columns are in
 * tables/, a file for each module that owns them (src/server/module-boundaries.test.ts); the
 * chat's stand above.
 */
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
