import type { Timestamp } from './timestamp.js';

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
