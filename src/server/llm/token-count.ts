import { lazyModules } from './lazy-modules.js';

/**
 * Tokens in a text by the o200k tokenizer (the GPT-4o family), used where the provider reports
 * no usage and to estimate a prompt before it is sent. Other models count a little differently;
 * the estimate only sizes a reservation, and what is charged comes from the provider when it says.
 */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : lazyModules.tokenizer().countTokens(text);
}

/** A chat message costs its text plus a few tokens of framing (role, separators). */
export function countMessageTokens(messages: readonly { content: string }[]): number {
  return messages.reduce((sum, message) => sum + countTokens(message.content) + 4, 3);
}

/** The text cut to at most `limit` tokens (a balance that allows only part of an answer). */
export function fitTokens(text: string, limit: number): string {
  const { encode, decode } = lazyModules.tokenizer();
  const tokens = encode(text);
  return tokens.length <= limit ? text : decode(tokens.slice(0, limit));
}
