import { lazyModules } from './lazy-modules.js';

/**
 * Tokens in a text by the o200k tokenizer (the GPT-4o family), used where the provider reports
 * no usage and to estimate a prompt before it is sent. Other models count a little differently;
 * the estimate only sizes a reservation, and what is charged comes from the provider when it says.
 */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : lazyModules.tokenizer().countTokens(text);
}

const remembered = new Map<string, number>();
let rememberedChars = 0;
const rememberChars = 2_000_000;

/**
 * Tokens in a text that recurs from request to request (the assistant's instructions, a guide
 * passage, an earlier message of the conversation): counted once and remembered, the oldest
 * forgotten first once the texts remembered pass two million characters.
 */
export function countRecurringTokens(text: string): number {
  const known = remembered.get(text);
  if (known !== undefined) return known;
  const count = countTokens(text);
  if (text.length <= rememberChars / 100) {
    remembered.set(text, count);
    rememberedChars += text.length;
    for (const oldest of remembered.keys()) {
      if (rememberedChars <= rememberChars) break;
      remembered.delete(oldest);
      rememberedChars -= oldest.length;
    }
  }
  return count;
}

/** A chat message costs its text plus a few tokens of framing (role, separators). */
export function countMessageTokens(messages: readonly { content: string }[]): number {
  return messages.reduce((sum, message) => sum + countRecurringTokens(message.content) + 4, 3);
}

/** The text cut to at most `limit` tokens (a balance that allows only part of an answer). */
export function fitTokens(text: string, limit: number): string {
  const { encode, decode } = lazyModules.tokenizer();
  const tokens = encode(text);
  return tokens.length <= limit ? text : decode(tokens.slice(0, limit));
}
