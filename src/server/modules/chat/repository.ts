import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ChatSource } from '../../../shared/chat.js';
import type { Db } from '../../db/database.js';
import type {
  ChatMessageStatus,
  ChatMessagesTable,
  ConversationsTable,
  Database,
} from '../../db/types.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type ConversationRow = Selectable<ConversationsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;

export function findConversation(
  db: Executor,
  userId: string,
  id: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whose conversation this id is, whoever they are; undefined when there is none yet. */
export function conversationOwner(db: Executor, id: string): Promise<string | undefined> {
  return db
    .selectFrom('conversations')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.user_id);
}

/** Makes the conversation unless it exists; false when it exists and belongs to someone else. */
export async function createConversationIfMissing(
  trx: Executor,
  c: { id: string; userId: string; title: string; now: string },
): Promise<boolean> {
  await trx
    .insertInto('conversations')
    .values({ id: c.id, user_id: c.userId, title: c.title, created_at: c.now, updated_at: c.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const owner = await trx
    .selectFrom('conversations')
    .select('user_id')
    .where('id', '=', c.id)
    .executeTakeFirst();
  return owner?.user_id === c.userId;
}

/**
 * Moves the conversation's activity time on only if it is still `expected`: a compare-and-set
 * that lets one of two concurrent retries of the same answer through.
 */
export async function touchConversationIfUnchanged(
  trx: Executor,
  c: { id: string; expected: string; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('conversations')
    .set({ updated_at: c.now })
    .where('id', '=', c.id)
    .where('updated_at', '=', c.expected)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves the conversation's activity time on; false when it is gone (deleted). On PostgreSQL the
 * update holds the conversation's row until the transaction ends, so a delete waits for it.
 */
export async function touchConversation(trx: Executor, id: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('conversations')
    .set({ updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertMessage(
  trx: Executor,
  m: {
    id: string;
    conversationId: string;
    userId: string;
    role: 'user' | 'assistant';
    content: string;
    status: ChatMessageStatus;
    charged: number;
    sources: ChatSource[];
    /** An answer's placement (decision 0110). */
    placement?: string | null;
    now: string;
  },
): Promise<void> {
  await trx
    .insertInto('chat_messages')
    .values({
      id: m.id,
      conversation_id: m.conversationId,
      user_id: m.userId,
      role: m.role,
      content: m.content,
      status: m.status,
      charged: m.charged,
      sources: JSON.stringify(m.sources),
      feedback: null,
      placement: m.placement ?? null,
      created_at: m.now,
    })
    .execute();
}

export function listMessages(db: Executor, conversationId: string): Promise<ChatMessageRow[]> {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'asc')
    .orderBy('role', 'desc')
    .execute();
}

/** A person's message in one of their conversations. */
export function findMessage(
  db: Executor,
  p: { userId: string; conversationId: string; id: string },
): Promise<ChatMessageRow | undefined> {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('id', '=', p.id)
    .where('conversation_id', '=', p.conversationId)
    .where('user_id', '=', p.userId)
    .executeTakeFirst();
}

/** The newest `limit` messages, oldest first: enough history for a prompt. */
export async function recentMessages(
  db: Executor,
  conversationId: string,
  limit: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('role', 'asc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A person's conversations, newest activity first, after the cursor, optionally searched. */
export function listConversations(
  db: Db,
  p: { userId: string; after?: { updatedAt: string; id: string }; q?: string; limit: number },
): Promise<ConversationRow[]> {
  let query = db.kysely.selectFrom('conversations').selectAll().where('user_id', '=', p.userId);
  if (p.after) {
    const { updatedAt, id } = p.after;
    query = query.where((eb) =>
      eb.or([
        eb('updated_at', '<', updatedAt),
        eb.and([eb('updated_at', '=', updatedAt), eb('id', '<', id)]),
      ]),
    );
  }
  if (p.q) {
    const pattern = likePattern(p.q);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(conversations.title) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('chat_messages')
            .select('chat_messages.id')
            .whereRef('chat_messages.conversation_id', '=', 'conversations.id')
            .where(sql<boolean>`lower(chat_messages.content) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(p.limit).execute();
}

export async function renameConversation(
  db: Db,
  userId: string,
  id: string,
  title: string,
): Promise<ConversationRow | undefined> {
  return db.kysely
    .updateTable('conversations')
    .set({ title })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('conversations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function setFeedback(
  db: Db,
  userId: string,
  messageId: string,
  rating: 'up' | 'down' | null,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('chat_messages')
    .set({ feedback: rating })
    .where('id', '=', messageId)
    .where('user_id', '=', userId)
    .where('role', '=', 'assistant')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findNoticeAcknowledgment(db: Db, userId: string): Promise<string | null> {
  return db.kysely
    .selectFrom('chat_notice_acknowledgments')
    .select('acknowledged_at')
    .where('user_id', '=', userId)
    .executeTakeFirst()
    .then((row) => row?.acknowledged_at ?? null);
}

export async function acknowledgeNotice(db: Db, userId: string, now: string): Promise<void> {
  await db.kysely
    .insertInto('chat_notice_acknowledgments')
    .values({ user_id: userId, acknowledged_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Every conversation of a person with its messages, oldest first: their data export. */
export async function exportConversations(db: Db, userId: string) {
  const conversations = await db.kysely
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .execute();
  const messages = await db.kysely
    .selectFrom('chat_messages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .execute();
  return conversations.map((c) => ({
    id: c.id,
    title: c.title,
    createdAt: c.created_at,
    messages: messages
      .filter((m) => m.conversation_id === c.id)
      .map((m) => ({
        role: m.role,
        content: m.content,
        status: m.status,
        charged: Number(m.charged),
        feedback: m.feedback,
        createdAt: m.created_at,
      })),
  }));
}
