import {
  answerPlacements,
  chatMessages,
  sourcePart,
  type ChatMessage,
  type ChatSource,
  type ConversationSummary,
} from '../../../shared/chat.js';
import { visibleName } from '../../../shared/text.js';
import { AppError } from '../../errors.js';
import type { ChatMessageRow, ConversationRow } from './repository.js';

/** The chat's rows as the API shows them, and the errors every room of the chat answers. */

export const conversationNotFound = () =>
  new AppError(404, 'route.not_found', chatMessages.conversationNotFound);
export const messageNotFound = () =>
  new AppError(404, 'route.not_found', chatMessages.messageNotFound);
export const retryNotPossible = () =>
  new AppError(409, 'chat.retry_not_possible', chatMessages.retryNotPossible);

export function toSummary(row: ConversationRow): ConversationSummary {
  // visibleName: titles stored before invisible characters were refused are shown without them.
  const title = visibleName(row.title) || 'Untitled question';
  return { id: row.id, title, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * A stored message in the one shape the stream builds and the browser keeps (the AI SDK's
 * `UIMessage`): its text, then an answer's sources as `source-url` parts, and what is known of
 * it as metadata. The one place a row becomes a message.
 */
export function toMessage(row: ChatMessageRow): ChatMessage {
  const sources = JSON.parse(row.sources) as ChatSource[];
  const placement = answerPlacements.find((p) => p === row.placement);
  return {
    id: row.id,
    role: row.role,
    parts: [{ type: 'text', text: row.content }, ...sources.map(sourcePart)],
    metadata: {
      status: row.status,
      feedback: row.feedback,
      charged: Number(row.charged),
      createdAt: row.created_at,
      ...(placement ? { placement } : {}),
    },
  };
}

/**
 * A title from the first question: one line without invisible characters (visibleName), cut at a
 * word near 60 characters.
 */
export function titleFrom(text: string): string {
  const line = visibleName(text) || 'Untitled question';
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${space > 30 ? cut.slice(0, space) : cut}…`;
}
