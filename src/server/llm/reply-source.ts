/** One message of the conversation as the model sees it. */
export interface ModelMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ReplyRequest {
  system: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  /** Aborted when the person stops the reply or goes away. */
  signal: AbortSignal;
}

export type ReplyEvent =
  | { type: 'text'; text: string }
  /** The end; usage when the provider reported it. */
  | { type: 'finish'; usage: { input: number; output: number } | undefined };

/** Why a reply could not be written; the person sees a short message, the log the detail. */
export class ReplyError extends Error {
  override name = 'ReplyError';
  constructor(
    readonly reason: 'first_token_timeout' | 'reply_timeout' | 'provider_failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Writes a reply, a piece at a time: the model behind an OpenAI-compatible API. */
export interface ReplySource {
  stream(request: ReplyRequest): AsyncGenerator<ReplyEvent, void>;
}
