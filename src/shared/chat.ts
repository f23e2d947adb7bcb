/** The chat API contract, shared by the server's routes and the web app. */
import { z } from 'zod';

export { chatErrorCodes, chatLimits, chatMessages } from './chat-messages.js';
import { chatLimits } from './chat-messages.js';
import { hasControlCharacters, nameText, singleLineText, textMessages } from './text.js';

export const conversationIdSchema = z.uuid();

export const sendMessageRequestSchema = z.object({
  // The 8,000-character rule answers 413 with its own message. This bound only stops a string
  // that no body the server accepts can hold (the default body limit is 64 KiB): anything
  // between the two is a 413 too.
  text: z
    .string()
    .max(chatLimits.maxMessageLength * 16, { abort: true })
    .refine(
      (text) => !hasControlCharacters(text, { multiLine: true }),
      textMessages.controlCharacters,
    ),
  /**
   * Answer the stored question again after this answer (its id), which failed or was cut off:
   * nothing new is stored for the question, and `text` is ignored (the stored question is the
   * one answered).
   */
  retryOf: z.uuid().optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/** A guide section an answer cites as [n]. */
export const sourceSchema = z.object({
  n: z.number().int().min(1),
  title: z.string(),
  /** A path on this site: /guides/:slug#section. */
  url: z.string(),
});
export type ChatSource = z.infer<typeof sourceSchema>;

export const messageStatuses = ['complete', 'stopped', 'error'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** The line an answer ends its first paragraph with when the rule depends on the state. */
export const askStateLine = 'The rule depends on the state. Which state are you in?';

/** How a question was placed before it was answered (decision 0110). */
export const answerPlacements = [
  'covered',
  'not-covered',
  'not-legal',
  'small-talk',
  'other-language',
  'abroad',
] as const;
export type AnswerPlacement = (typeof answerPlacements)[number];

/**
 * What the reply stream's `start` and `finish` parts carry as message metadata (the AI SDK's UI
 * message stream protocol): the ids at the start, the charge and the new balance at the end.
 * The browser's useChat validates each part's metadata with this schema.
 */
export const replyMetadataSchema = z.object({
  conversationId: z.string().optional(),
  userMessageId: z.string().optional(),
  charged: z.number().int().nonnegative().optional(),
  balance: z.number().int().nonnegative().optional(),
  status: z.enum(messageStatuses).optional(),
  /** A stored answer's rating, when a conversation is loaded. */
  feedback: z.enum(['up', 'down']).nullable().optional(),
  /** How the question was placed: answered from the guides, or declined (and why). */
  placement: z.enum(answerPlacements).optional(),
  /** The rule depends on the state and the person's is not known: the answer asks for it. */
  asksForState: z.boolean().optional(),
});
export type ReplyMetadata = z.infer<typeof replyMetadataSchema>;

/** What a stored message's metadata always holds, as the history API answers it. */
export const storedMetadataSchema = replyMetadataSchema.extend({
  status: z.enum(messageStatuses),
  charged: z.number().int().nonnegative(),
  feedback: z.enum(['up', 'down']).nullable(),
  /** When it was stored. */
  createdAt: z.string(),
});

/** A message's text: its text parts, joined (a stored message has one). */
export function messageText(message: { parts: readonly { type: string; text?: unknown }[] }) {
  return message.parts
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/**
 * A source as the AI SDK's `source-url` part, in the stream and in a stored message alike: `[n]`
 * in the answer's text names the source whose `sourceId` is n.
 */
export function sourcePart(source: ChatSource) {
  return {
    type: 'source-url' as const,
    sourceId: String(source.n),
    url: source.url,
    title: source.title,
  };
}

/**
 * A message in the AI SDK's UI message shape (`UIMessage` with `parts` and `metadata`): the
 * shape the reply stream builds, the history API answers and the browser's useChat keeps. A
 * question or an answer is one text part; an answer's sources follow as `source-url` parts.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  parts: z.array(
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('text'), text: z.string() }),
      z.object({
        type: z.literal('source-url'),
        sourceId: z.string(),
        url: z.string(),
        title: z.string(),
      }),
    ]),
  ),
  metadata: storedMetadataSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  q: singleLineText({ max: chatLimits.maxSearchLength }).optional(),
});

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationSchema = conversationSummarySchema.extend({
  messages: z.array(chatMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const renameConversationSchema = z.object({
  title: nameText({ min: 1, max: chatLimits.maxTitleLength }),
});

export const feedbackRequestSchema = z.object({ rating: z.enum(['up', 'down']).nullable() });

export const noticeStatusSchema = z.object({ acknowledgedAt: z.string().nullable() });

/**
 * What a stop answers once the reply has settled: the answer as stored (null when there was none
 * to stop), the tokens it was charged and the balance after, as the ledger has them.
 */
export const stopAnswerSchema = z.object({
  answer: z.object({ id: z.string(), status: z.enum(messageStatuses) }).nullable(),
  charged: z.number().int().nonnegative(),
  balance: z.number().int(),
});
export type StopAnswer = z.infer<typeof stopAnswerSchema>;
