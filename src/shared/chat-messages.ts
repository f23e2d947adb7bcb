/** The chat's error codes, limits and messages; no zod here, so any page can load it. */
export const chatErrorCodes = [
  'chat.empty_message',
  'chat.message_too_long',
  'chat.too_many_replies',
  'chat.retry_not_possible',
] as const;

export const chatLimits = {
  /** A question's length, in characters. */
  maxMessageLength: 8000,
  /** The composer shows a counter from here on. */
  counterFrom: 7000,
  maxTitleLength: 120,
  maxSearchLength: 200,
  pageSize: 20,
} as const;

export const chatMessages = {
  emptyMessage: 'Write a question first.',
  messageTooLong: `A question can be at most ${chatLimits.maxMessageLength.toLocaleString('en-US')} characters.`,
  tooManyReplies: 'Wait for your other answers to finish, then ask again.',
  retryNotPossible: 'That answer can no longer be retried.',
  replyFailed: 'The answer could not be written. Please try again.',
  conversationNotFound: 'That conversation was not found.',
  messageNotFound: 'That message was not found.',
} as const;
