import type { Timestamp } from './timestamp.js';

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
