import type { Conversation, ConversationSummary } from '../../../shared/chat.js';
import type { Db } from '../../db/database.js';
import { pageOfConversations } from './history-paging.js';
import { conversationNotFound, messageNotFound, toMessage, toSummary } from './messages.js';
import {
  acknowledgeNotice,
  deleteConversation,
  exportConversations,
  findConversation,
  findNoticeAcknowledgment,
  listMessages,
  renameConversation,
  setFeedback,
} from './repository.js';

/**
 * A person's conversations: list (paged, searched), read, rename, delete, rate an answer, the
 * first-use notice and the export. Every call is scoped to the person: another's ids are 404.
 */
export function createConversations(db: Db) {
  async function getConversation(userId: string, id: string): Promise<Conversation> {
    const row = await findConversation(db.kysely, userId, id);
    if (!row) throw conversationNotFound();
    const messages = await listMessages(db.kysely, id);
    return { ...toSummary(row), messages: messages.map(toMessage) };
  }

  async function rename(userId: string, id: string, title: string): Promise<ConversationSummary> {
    const row = await renameConversation(db, userId, id, title);
    if (!row) throw conversationNotFound();
    return toSummary(row);
  }

  async function remove(userId: string, id: string): Promise<void> {
    if (!(await deleteConversation(db, userId, id))) throw conversationNotFound();
  }

  async function rate(userId: string, messageId: string, rating: 'up' | 'down' | null) {
    if (!(await setFeedback(db, userId, messageId, rating))) throw messageNotFound();
  }

  return {
    listForUser: (userId: string, query: { cursor?: string | undefined; q?: string | undefined }) =>
      pageOfConversations(db, userId, query),
    getConversation,
    rename,
    remove,
    rate,
    noticeAcknowledgedAt: (userId: string) => findNoticeAcknowledgment(db, userId),
    acknowledgeNotice: (userId: string) => acknowledgeNotice(db, userId, new Date().toISOString()),
    /** The person's conversations for "download my data". */
    exportFor: (userId: string) => exportConversations(db, userId),
  };
}
