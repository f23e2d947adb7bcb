import type { GuidePassage } from '../modules/chat/guide-passages.js';

/** The first line of every library answer: what it is, and what it is not. */
export const libraryNotice =
  '_These are passages from our guides that match your question, not a written answer._';

export const libraryNothingFound =
  'I could not find anything in our guides about this question. Try asking it another way, or use **Ask a lawyer** to reach our firm through the Contact page.';

const whenToSeeALawyer =
  '**When to see a lawyer:** if a deadline is near, you have received court papers, a large sum is at stake, or these passages do not fit your facts, talk to a lawyer. Use **Ask a lawyer** to reach our firm.';

/** Keeps a passage readable in a chat answer: whole sentences up to about `limit` characters. */
function excerpt(text: string, limit = 700): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
  return (end > limit / 2 ? cut.slice(0, end + 1) : cut.trimEnd()) + ' …';
}

/**
 * Library mode (no model configured): an honest answer made of the guides' own words, each
 * passage under its guide's title with its `[n]` citation, then when to see a lawyer.
 */
export function composeLibraryAnswer(passages: readonly GuidePassage[]): string {
  if (passages.length === 0) return libraryNothingFound;
  const parts = passages.map(
    (p, i) => `### ${p.guideTitle}: ${p.heading} [${i + 1}]\n\n${excerpt(p.text)}`,
  );
  return [libraryNotice, ...parts, whenToSeeALawyer].join('\n\n');
}

/** Streams a composed answer in word-sized pieces, as a model would. */
export function* libraryChunks(answer: string): Generator<string> {
  for (const piece of answer.match(/\S+\s*|\s+/g) ?? []) yield piece;
}
