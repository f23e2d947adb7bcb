import type { GuidePassage } from '../modules/chat/guide-passages.js';
import type { ModelMessage } from './reply-source.js';
import { countRecurringTokens } from './token-count.js';

export interface PromptContext {
  productName: string;
  /** The person's jurisdiction in words ("California, United States"), or null when not set. */
  jurisdiction: string | null;
  passages: readonly GuidePassage[];
}

/**
 * How the assistant must behave; the passages it may cite are numbered at the end. With its
 * size in tokens: the sum of its paragraphs' counts, each remembered, since the instructions and
 * the passages recur from question to question. A paragraph is counted with the blank line that
 * ends it, after which the tokenizer always starts a new token, so the sum is the whole's count.
 * A passage's paragraph is counted in two parts, its numbered heading line and its text: the
 * same text comes back under another number and with other passages, and counting it was most
 * of a reply's own time before the model (the warm-up counts every passage's, passageTokens).
 */
export function buildSystemPrompt({ productName, jurisdiction, passages }: PromptContext): {
  text: string;
  tokens: number;
} {
  const where = jurisdiction
    ? `The person says they are in ${jurisdiction}. Answer for that place, and say when a rule differs elsewhere.`
    : 'The person has not said where they are. When the answer depends on the place, say so and ask where they are (they can also set it on their account page).';
  const sources: string[][] =
    passages.length === 0
      ? [
          [
            'Our guides do not cover this question, and the reply already begins with a line that says so: do not repeat it. Give short general information, say plainly that it does not come from our guides, cite nothing, and suggest where to get help (the state court self-help center, legal aid, a lawyer referral service, or Ask a lawyer).',
          ],
        ]
      : [
          ['Guide passages you may cite, numbered:'],
          ...passages.map((p, i) =>
            passageParts(
              `[${i + 1}] ${p.guideTitle}: ${p.heading} (jurisdiction: ${p.jurisdiction})\n`,
              p.text,
            ),
          ),
        ];
  const paragraphs: string[][] = [
    [`You are ${productName}'s legal information assistant. You are an AI, not a lawyer.`],
    [
      'Give general legal information in plain language, not legal advice. Your answers create no lawyer-client relationship; say so if the person asks for advice on their own case.',
    ],
    [where],
    [
      'Start with the direct answer in one to three sentences: the fact the person asked for, for their place, each sentence cited. Then, under **What to do**, up to five short steps; then **When to see a lawyer**. At most about 300 words.',
    ],
    [
      'Base every statement of law on the guide passages below and cite them as [n] right after the statement, using only the numbers given. Never invent a citation, a case, a statute or a figure: every number, amount, date or time limit you write must appear in the passage you cite. If the passages do not answer the question, say so.',
    ],
    [
      "When the question touches the person's own situation, end with a short paragraph on when to see a lawyer (deadlines, court papers, large sums, or facts the guides do not fit); they can reach our firm through the Contact page.",
    ],
    ['Write Markdown: short paragraphs, lists and tables where they help. No HTML.'],
    ...sources,
  ];
  let tokens = 0;
  paragraphs.forEach((parts, i) => {
    const last = parts.length - 1;
    parts.forEach((part, j) => {
      tokens += countRecurringTokens(
        j === last && i < paragraphs.length - 1 ? `${part}\n\n` : part,
      );
    });
  });
  return { text: paragraphs.map((parts) => parts.join('')).join('\n\n'), tokens };
}

/**
 * A passage's paragraph as the parts it is counted in: its heading line, then its text, unless
 * the text starts with a character the tokenizer would join to the line's end (a line break or a
 * slash); then as one.
 */
function passageParts(heading: string, text: string): string[] {
  return /^[\r\n/]/.test(text) || text === '' ? [heading + text] : [heading, text];
}

/**
 * Counts, and so remembers, the tokens of passages' texts as the prompt counts them: followed by
 * the blank line before the next passage, and as the last paragraph. Yields to the event loop
 * every few passages (it runs while the server is already answering).
 */
export async function passageTokens(texts: readonly string[]): Promise<void> {
  for (const [i, text] of texts.entries()) {
    // First of all, so that the server starts listening before any is counted.
    if (i % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
    if (passageParts('', text).length === 1) continue;
    countRecurringTokens(`${text}\n\n`);
    countRecurringTokens(text);
  }
}

/** The newest messages that fit the budget, newest first, returned oldest first. */
export function trimHistory(history: readonly ModelMessage[], budget: number): ModelMessage[] {
  const kept: ModelMessage[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!;
    const cost = countRecurringTokens(message.content) + 4;
    if (used + cost > budget) break;
    kept.unshift(message);
    used += cost;
  }
  // A conversation the model sees starts with the person.
  while (kept[0]?.role === 'assistant') kept.shift();
  return kept;
}
