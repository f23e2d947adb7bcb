import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  CaseMessagesTable,
  CaseNotesTable,
  CasesTable,
  CaseStatus,
} from '../../db/tables/cases.js';

/** The SQL of the cases module, which owns `cases`, `case_messages` and `case_notes`. */

export type CaseRow = Selectable<CasesTable>;
export type CaseMessageRow = Selectable<CaseMessagesTable>;
export type CaseNoteRow = Selectable<CaseNotesTable>;

export interface NewCase {
  userId: string;
  question: string;
  state: string;
  area: string | null;
  contactPreference: 'email' | 'phone';
  phone: string | null;
  sharedConversation: string | null;
}

/**
 * Stores a case under the next number. Two cases opened at once on PostgreSQL may pick the same
 * number: the unique index refuses the second, whose caller tries again.
 */
export async function insertCase(db: Db, input: NewCase): Promise<CaseRow> {
  const now = new Date().toISOString();
  return db.kysely
    .insertInto('cases')
    .values({
      id: randomUUID(),
      number: sql<number>`(select coalesce(max(number), 0) + 1 from cases)`,
      user_id: input.userId,
      question: input.question,
      state: input.state,
      area: input.area,
      contact_preference: input.contactPreference,
      phone: input.phone,
      status: 'received',
      assignee_id: null,
      shared_conversation: input.sharedConversation,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listCasesOf(db: Db, userId: string, limit = 200): Promise<CaseRow[]> {
  return db.kysely
    .selectFrom('cases')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A case, only when it belongs to `userId` (or to anyone, for staff: `userId` undefined). */
export function findCase(db: Db, id: string, userId?: string): Promise<CaseRow | undefined> {
  let query = db.kysely.selectFrom('cases').selectAll().where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

export interface QueueFilter {
  status?: CaseStatus | undefined;
  state?: string | undefined;
  area?: string | undefined;
  /** A user id, or null for unassigned cases. */
  assignee?: string | null | undefined;
  offset: number;
  limit: number;
}

/** The desk's queue, oldest first. */
export function listQueue(db: Db, filter: QueueFilter): Promise<CaseRow[]> {
  let query = db.kysely.selectFrom('cases').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.area) query = query.where('area', '=', filter.area);
  if (filter.assignee === null) query = query.where('assignee_id', 'is', null);
  else if (filter.assignee) query = query.where('assignee_id', '=', filter.assignee);
  return query
    .orderBy('created_at', 'asc')
    .orderBy('number', 'asc')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
}

/** Cases opened per UTC day since `from` (the console's figures). */
export async function casesPerDay(db: Db, from: string) {
  const rows = await db.kysely
    .selectFrom('cases')
    .select('created_at')
    .where('created_at', '>=', from)
    .execute();
  const days = new Map<string, number>();
  for (const row of rows) {
    const day = new Date(row.created_at).toISOString().slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return [...days].map(([day, count]) => ({ day, count }));
}

export async function updateCase(
  db: Db,
  id: string,
  set: Partial<Pick<CaseRow, 'status' | 'assignee_id'>>,
): Promise<void> {
  await db.kysely
    .updateTable('cases')
    .set({ ...set, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function insertCaseMessage(
  db: Db,
  message: { caseId: string; author: 'person' | 'firm'; authorId: string; body: string },
): Promise<CaseMessageRow> {
  return db.kysely
    .insertInto('case_messages')
    .values({
      id: randomUUID(),
      case_id: message.caseId,
      author: message.author,
      author_id: message.authorId,
      body: message.body,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listCaseMessages(db: Db, caseId: string): Promise<CaseMessageRow[]> {
  return db.kysely
    .selectFrom('case_messages')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function insertCaseNote(
  db: Db,
  note: { caseId: string; authorId: string; authorEmail: string; body: string },
): Promise<void> {
  await db.kysely
    .insertInto('case_notes')
    .values({
      id: randomUUID(),
      case_id: note.caseId,
      author_id: note.authorId,
      author_email: note.authorEmail,
      body: note.body,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export function listCaseNotes(db: Db, caseId: string): Promise<CaseNoteRow[]> {
  return db.kysely
    .selectFrom('case_notes')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
