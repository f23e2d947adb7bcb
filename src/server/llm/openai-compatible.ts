import { createHttpFetch } from './http-fetch.js';
import { lazyModules } from './lazy-modules.js';
import {
  ReplyError,
  type ReplyEvent,
  type ReplyRequest,
  type ReplySource,
} from './reply-source.js';

export interface ModelSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  firstTokenTimeoutMs: number;
  replyTimeoutMs: number;
}

type ChatModel = ReturnType<
  ReturnType<typeof import('@ai-sdk/openai-compatible').createOpenAICompatible>['chatModel']
>;
type StreamOptions = Parameters<ChatModel['doStream']>[0];

/** The conversation in the provider's prompt format. */
function toPrompt(request: ReplyRequest): StreamOptions['prompt'] {
  return [
    { role: 'system', content: request.system },
    ...request.messages.map((message) => ({
      role: message.role,
      content: [{ type: 'text' as const, text: message.content }],
    })),
  ];
}

/**
 * The assistant's model: any OpenAI-compatible endpoint (OpenAI, Azure, OpenRouter, vLLM,
 * Ollama, llama.cpp server) through the AI SDK's provider, streaming, asking for usage.
 * No time to first token, or no end to the reply, within the limits ends it with a ReplyError.
 *
 * The provider's stream is read directly rather than through `streamText`: a reply is plain
 * text with no tools or steps, and the extra chain of web streams cost more CPU per chunk than
 * the rest of the reply's path (decision 0084).
 */
export function createOpenAICompatibleSource(settings: ModelSettings): ReplySource {
  let model: ChatModel | undefined;
  const modelOnce = () =>
    (model ??= lazyModules
      .openaiCompatible()
      .createOpenAICompatible({
        name: 'assistant',
        baseURL: settings.baseUrl,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
        includeUsage: true,
        fetch: createHttpFetch(),
      })
      .chatModel(settings.model));

  return {
    async *stream(request: ReplyRequest): AsyncGenerator<ReplyEvent, void> {
      const limits = new AbortController();
      let timedOut: ReplyError | undefined;
      const stopFor = (error: ReplyError) => {
        timedOut ??= error;
        limits.abort(error);
      };
      const firstToken = setTimeout(
        () =>
          stopFor(
            new ReplyError(
              'first_token_timeout',
              `no first token within ${settings.firstTokenTimeoutMs} ms`,
            ),
          ),
        settings.firstTokenTimeoutMs,
      );
      const whole = setTimeout(
        () =>
          stopFor(
            new ReplyError('reply_timeout', `reply not finished in ${settings.replyTimeoutMs} ms`),
          ),
        settings.replyTimeoutMs,
      );
      const signal = AbortSignal.any([request.signal, limits.signal]);
      try {
        const options: StreamOptions = {
          prompt: toPrompt(request),
          maxOutputTokens: request.maxOutputTokens,
          abortSignal: signal,
        };
        // One retry for a request that failed before any byte of the answer; after the first
        // byte, a retry would write the answer twice.
        const start = () => Promise.resolve(modelOnce().doStream(options));
        const { stream } = await start().catch((error: unknown) => {
          if (signal.aborted || !isRetryable(error)) throw error;
          return start();
        });
        const reader = stream.getReader();
        try {
          for (;;) {
            const { value: part, done } = await reader.read();
            if (done) break;
            switch (part.type) {
              case 'text-delta':
                clearTimeout(firstToken);
                if (part.delta) yield { type: 'text', text: part.delta };
                break;
              case 'finish': {
                const input = part.usage.inputTokens.total;
                const output = part.usage.outputTokens.total;
                yield {
                  type: 'finish',
                  usage:
                    input !== undefined && output !== undefined ? { input, output } : undefined,
                };
                return;
              }
              case 'error':
                throw part.error;
            }
          }
        } finally {
          void reader.cancel().catch(() => undefined);
        }
        if (timedOut) throw timedOut;
      } catch (error) {
        if (timedOut) throw timedOut;
        if (request.signal.aborted) return;
        throw error instanceof ReplyError
          ? error
          : new ReplyError('provider_failed', describe(error), { cause: error });
      } finally {
        clearTimeout(firstToken);
        clearTimeout(whole);
      }
    },
  };
}

/** The provider marks the failures worth one more try: refused connections, 408, 409, 429, 5xx. */
function isRetryable(error: unknown): boolean {
  return (error as { isRetryable?: unknown } | null)?.isRetryable === true;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
