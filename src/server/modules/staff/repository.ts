import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AuditLogTable, StaffRole, StaffRolesTable } from '../../db/tables/staff.js';

/**
 * The SQL of the staff module, which owns `staff_roles` and `audit_log`. The audit log is only
 * ever inserted into and read: there is no update or delete here, and triggers refuse them.
 */

export type StaffRoleRow = Selectable<StaffRolesTable>;
export type AuditRow = Selectable<AuditLogTable>;

export async function findRole(db: Db, userId: string): Promise<StaffRole | undefined> {
  const row = await db.kysely
    .selectFrom('staff_roles')
    .select('role')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

export function listRoles(db: Db): Promise<StaffRoleRow[]> {
  return db.kysely.selectFrom('staff_roles').selectAll().orderBy('granted_at').execute();
}

export async function upsertRole(
  db: Db,
  row: { userId: string; role: StaffRole; grantedBy: string | null; now: string },
): Promise<void> {
  await db.kysely
    .insertInto('staff_roles')
    .values({
      user_id: row.userId,
      role: row.role,
      granted_by: row.grantedBy,
      granted_at: row.now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        role: row.role,
        granted_by: row.grantedBy,
        granted_at: row.now,
      }),
    )
    .execute();
}

/** True when the person had a role to remove. */
export async function deleteRole(db: Db, userId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('staff_roles')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface NewAuditEntry {
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
}

export async function insertAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.kysely
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      actor_id: entry.actorId,
      actor_email: entry.actorEmail,
      action: entry.action,
      target_kind: entry.targetKind,
      target_id: entry.targetId,
      detail: JSON.stringify(entry.detail),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Newest first; `before` is the created_at of the last row of the previous page. */
export function listAudit(
  db: Db,
  query: { limit: number; before?: string | undefined; targetId?: string | undefined },
): Promise<AuditRow[]> {
  let select = db.kysely.selectFrom('audit_log').selectAll();
  if (query.before) select = select.where('created_at', '<', query.before);
  if (query.targetId) select = select.where('target_id', '=', query.targetId);
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}
