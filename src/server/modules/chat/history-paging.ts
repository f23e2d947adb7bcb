import { chatLimits, conversationIdSchema, type ConversationList } from '../../../shared/chat.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { listConversations, type ConversationRow } from './repository.js';
import { toSummary } from './messages.js';

/** A page of the person's conversations: newest activity first, `nextCursor` for the next. */
export async function pageOfConversations(
  db: Db,
  userId: string,
  query: { cursor?: string | undefined; q?: string | undefined },
): Promise<ConversationList> {
  const rows = await listConversations(db, {
    userId,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    q: query.q?.trim() || undefined,
    limit: chatLimits.pageSize + 1,
  });
  const page = rows.slice(0, chatLimits.pageSize);
  return {
    conversations: page.map(toSummary),
    nextCursor: rows.length > chatLimits.pageSize ? encodeCursor(page[page.length - 1]!) : null,
  };
}

function encodeCursor(row: ConversationRow): string {
  return Buffer.from(`${row.updated_at}|${row.id}`).toString('base64url');
}

/**
 * The activity time in a cursor is what `toISOString` wrote for a time both databases store:
 * 30 February, a bare year, year 0 and the signed six-digit years beyond 0001-9999 are not
 * (PostgreSQL refuses those with "date/time out of range").
 */
function isStoredTime(text: string): boolean {
  if (!/^\d{4}-/.test(text) || text.startsWith('0000-')) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text;
}

/** A cursor as `encodeCursor` wrote it; anything else (both engines alike) is a 400. */
function decodeCursor(cursor: string): { updatedAt: string; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [updatedAt = '', id = ''] = parts;
  if (
    parts.length !== 2 ||
    !isStoredTime(updatedAt) ||
    !conversationIdSchema.safeParse(id).success
  ) {
    throw new AppError(400, 'request.invalid', 'The cursor is not valid.', {
      cursor: 'is not valid',
    });
  }
  return { updatedAt, id };
}
