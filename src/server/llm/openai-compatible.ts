import type { LanguageModel } from 'ai';
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

/**
 * The assistant's model: any OpenAI-compatible endpoint (OpenAI, Azure, OpenRouter, vLLM,
 * Ollama, llama.cpp server) through the AI SDK's provider, streaming, asking for usage.
 * No time to first token, or no end to the reply, within the limits ends it with a ReplyError.
 */
export function createOpenAICompatibleSource(settings: ModelSettings): ReplySource {
  let model: LanguageModel | undefined;
  const modelOnce = () =>
    (model ??= lazyModules
      .openaiCompatible()
      .createOpenAICompatible({
        name: 'assistant',
        baseURL: settings.baseUrl,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
        includeUsage: true,
      })
      .chatModel(settings.model));

  return {
    async *stream(request: ReplyRequest): AsyncIterable<ReplyEvent> {
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
        const result = lazyModules.ai().streamText({
          model: modelOnce(),
          system: request.system,
          messages: request.messages,
          maxOutputTokens: request.maxOutputTokens,
          abortSignal: signal,
          // A retry after the first byte would write the answer twice; one retry before it is fine.
          maxRetries: 1,
          // Errors arrive as parts of the stream below; without this the SDK also prints them.
          onError: () => undefined,
        });
        for await (const part of result.fullStream) {
          switch (part.type) {
            case 'text-delta':
              clearTimeout(firstToken);
              if (part.text) yield { type: 'text', text: part.text };
              break;
            case 'finish': {
              const { inputTokens, outputTokens } = part.totalUsage;
              yield {
                type: 'finish',
                usage:
                  inputTokens !== undefined && outputTokens !== undefined
                    ? { input: inputTokens, output: outputTokens }
                    : undefined,
              };
              return;
            }
            case 'abort':
              if (timedOut) throw timedOut;
              return;
            case 'error':
              throw part.error;
          }
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
