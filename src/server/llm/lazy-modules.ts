import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The assistant's libraries, loaded on first use rather than at start-up: together they took
 * longer to load than the whole embedded start-up budget (1.5 s), and many requests never chat.
 */
export const lazyModules = {
  openaiCompatible: () =>
    require('@ai-sdk/openai-compatible') as typeof import('@ai-sdk/openai-compatible'),
  tokenizer: () => require('gpt-tokenizer') as typeof import('gpt-tokenizer'),
};

/** How long after start-up the chat's libraries and the model's thread load (off start-up's path). */
export const warmUpDelayMs = 2000;

/**
 * Loads the tokenizer in the background a moment after start, so the first question does not
 * wait. The provider is loaded by the model's thread when it starts (model-thread.ts).
 */
export function warmLazyModules() {
  setTimeout(() => lazyModules.tokenizer(), warmUpDelayMs).unref();
}
