// Passage retrieval over the guides: MiniSearch (BM25+) on each guide's overview and sections,
// with the guide's title, keywords and the section heading weighted above the body, English
// stems, the synonyms people use, and fuzzy and prefix matching for typos and half-typed words.
// docs/decisions/0070-guide-retrieval.md says why it is built this way.
import MiniSearch from 'minisearch';
import {
  guideAreaName,
  overviewAnchor,
  type GuideDocument,
  type GuidePassage,
} from '../../../shared/guides.js';
import { regionsByCountry } from '../../../shared/jurisdictions.js';
import { blocksText } from './markdown.js';
import { synonyms } from './synonyms.js';
import { termOf, termsOf, words } from './terms.js';

/** A passage as indexed: a guide's overview, or one of its `##` sections. */
export interface IndexedPassage {
  slug: string;
  guideTitle: string;
  anchor: string;
  heading: string;
  text: string;
  jurisdiction: string;
  keywords: string;
  area: string;
}

const fields = ['guideTitle', 'heading', 'keywords', 'area', 'text'] as const;

/** Tuned on bench/retrieval/questions (npm run eval:retrieval). */
export const searchTuning = {
  boost: { guideTitle: 3, keywords: 2.5, heading: 1.5, area: 1, text: 1 },
  /** Weight of a word that came from the synonym table rather than from the person. */
  synonymWeight: 0.6,
  weights: { fuzzy: 0.4, prefix: 0.35 },
  /** The person's own state's guides and passages that name their state. */
  ownStateGuide: 1.5,
  ownStateMention: 1.15,
  /** Several sections of one guide may match; a results list shows at most this many. */
  perGuide: 2,
};

const phraseLengths = [
  ...new Set(Object.keys(synonyms).map((phrase) => phrase.split(' ').length)),
].sort((a, b) => b - a);

/** The last query expanded: the answers room reads a question's terms, then searches with it. */
let lastExpanded: { query: string; expanded: { terms: string[]; own: number } } | undefined;

/**
 * The query's terms, then the synonyms' terms, each once; `own` counts the person's terms. The
 * result is shared with the next caller asking for the same query: it is not to be changed.
 */
export function expandQuery(query: string): { terms: string[]; own: number } {
  if (lastExpanded?.query === query) return lastExpanded.expanded;
  const expanded = expandQueryAnew(query);
  lastExpanded = { query, expanded };
  return expanded;
}

function expandQueryAnew(query: string): { terms: string[]; own: number } {
  const typed = words(query);
  const own = typed.map(termOf).filter((term): term is string => term !== null);
  const added: string[] = [];
  for (let i = 0; i < typed.length; i += 1) {
    for (const length of phraseLengths) {
      if (i + length > typed.length) continue;
      const expansion = synonyms[typed.slice(i, i + length).join(' ')];
      if (expansion) added.push(...termsOf(expansion));
    }
  }
  const ownSet = new Set(own);
  const ownTerms = [...ownSet];
  const extra = [...new Set(added)].filter((term) => !ownSet.has(term));
  return { terms: [...ownTerms, ...extra], own: ownTerms.length };
}

export function passagesOf(guide: GuideDocument): IndexedPassage[] {
  const common = {
    slug: guide.slug,
    guideTitle: guide.title,
    jurisdiction: guide.jurisdiction,
    keywords: guide.keywords.join(' | '),
    area: guideAreaName(guide.area),
  };
  const overview = [guide.summary, blocksText(guide.intro)].filter(Boolean).join('\n');
  return [
    { ...common, anchor: overviewAnchor, heading: 'Overview', text: overview },
    ...guide.sections.map((section) => ({
      ...common,
      anchor: section.anchor,
      heading: section.heading,
      text: blocksText(section.blocks),
    })),
  ];
}

/** "US-CA" -> "california": how guide text names a person's state. */
function regionName(jurisdiction: string): string | undefined {
  const [country, region] = jurisdiction.split('-');
  if (!country || !region) return undefined;
  return regionsByCountry[country]?.regions
    .find((candidate) => candidate.code === region)
    ?.name.toLowerCase();
}

/** A passage's text as a snippet reads it: its words in order, each with its search term. */
interface SnippetWords {
  tokens: string[];
  terms: (string | null)[];
}

function snippetWordsOf(text: string): SnippetWords {
  // List markers ("- ", "3. ") help a model read the text, not a person scan a snippet.
  const tokens = text
    .replace(/^(?:-|\d+\.) /gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ');
  const terms = tokens.map((token) => {
    const [word] = words(token);
    return word ? termOf(word) : null;
  });
  return { tokens, terms };
}

function snippetOf({ tokens, terms: tokenTerms }: SnippetWords, terms: Set<string>, maxWords = 32) {
  const hits = tokenTerms.map((term) => (term !== null && terms.has(term) ? 1 : 0));
  let best = 0;
  let bestScore = -1;
  let windowScore = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    windowScore += hits[i]!;
    if (i >= maxWords) windowScore -= hits[i - maxWords]!;
    const start = Math.max(0, i - maxWords + 1);
    if (windowScore > bestScore) {
      bestScore = windowScore;
      best = start;
    }
  }
  // Start a little before the first hit of the best window, so the snippet reads as a sentence.
  const firstHit = hits.indexOf(1, best);
  const start = firstHit < 0 ? 0 : Math.max(0, Math.min(best, firstHit - 4));
  const end = Math.min(tokens.length, start + maxWords);
  return `${start > 0 ? '… ' : ''}${tokens.slice(start, end).join(' ')}${end < tokens.length ? ' …' : ''}`;
}

export interface SearchInput {
  query: string;
  /** The person's jurisdiction: "US-CA", "US", another country, or null when not known. */
  jurisdiction?: string | null;
  limit?: number;
  /** Only this guide's passages (its slug). */
  guide?: string;
}

export interface PassageIndex {
  search(input: SearchInput): GuidePassage[];
  /** Works out every passage's snippet words ahead of the searches, yielding now and then. */
  warm(): Promise<void>;
  readonly size: number;
}

export function buildPassageIndex(guides: readonly GuideDocument[]): PassageIndex {
  const passages = guides.flatMap(passagesOf);
  /** Every term in the index: a word found here needs no fuzzy matching. */
  const vocabulary = new Set<string>();
  const index = new MiniSearch<IndexedPassage & { id: number }>({
    fields: [...fields],
    idField: 'id',
    tokenize: (text) => words(text),
    processTerm: (word) => {
      const term = termOf(word);
      if (term !== null) vocabulary.add(term);
      return term;
    },
    searchOptions: {
      // The query is turned into terms by expandQuery; MiniSearch takes them as they are.
      tokenize: (text) => text.split(' ').filter(Boolean),
      processTerm: (term) => term,
    },
  });
  index.addAll(passages.map((passage, id) => ({ ...passage, id })));
  // Worked out once per passage rather than per search: which passages name a state (for each
  // state, on its first search), and the stemmed words a snippet is cut from (on first use).
  const lowerTexts = passages.map((passage) => passage.text.toLowerCase());
  const naming = new Map<string, Uint8Array>();
  const namesState = (id: number, state: string) => {
    let names = naming.get(state);
    if (!names) {
      names = Uint8Array.from(lowerTexts, (text) => (text.includes(state) ? 1 : 0));
      naming.set(state, names);
    }
    return names[id] === 1;
  };
  const snippetWords: (SnippetWords | undefined)[] = [];

  return {
    size: passages.length,
    async warm() {
      for (const [id, passage] of passages.entries()) {
        if (id % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
        snippetWords[id] ??= snippetWordsOf(passage.text);
      }
    },
    search({ query, jurisdiction = null, limit = 8, guide }) {
      const { terms, own } = expandQuery(query);
      if (terms.length === 0) return [];
      const [country, region] = (jurisdiction ?? '').split('-');
      const state = region ? regionName(jurisdiction!) : undefined;
      const results = index.search(terms.join(' '), {
        boost: searchTuning.boost,
        weights: searchTuning.weights,
        boostTerm: (_term, i) => (i < own ? 1 : searchTuning.synonymWeight),
        // Half-typed words and typos: prefixes from four letters, and for a word the guides
        // never use, one or two edits from five letters. Known words skip the costly fuzzy walk.
        prefix: (term, i) => i < own && term.length >= 4,
        fuzzy: (term, i) => (i < own && term.length >= 5 && !vocabulary.has(term) ? 0.25 : false),
        maxFuzzy: 2,
        // A person in one state is not shown another state's own guide; national ones always.
        filter: (result) => {
          const passage = passages[result.id as number]!;
          if (guide !== undefined && passage.slug !== guide) return false;
          const guideJurisdiction = passage.jurisdiction;
          return (
            !country ||
            !region ||
            guideJurisdiction === 'US' ||
            !guideJurisdiction.startsWith(`${country}-`) ||
            guideJurisdiction === jurisdiction
          );
        },
      });

      const ranked = results
        .map((result) => {
          const id = result.id as number;
          const passage = passages[id]!;
          let score = result.score;
          if (region && passage.jurisdiction === jurisdiction) score *= searchTuning.ownStateGuide;
          if (state && namesState(id, state)) {
            score *= searchTuning.ownStateMention;
          }
          return { id, passage, score, terms: result.terms };
        })
        .sort((a, b) => b.score - a.score);

      const perGuide = new Map<string, number>();
      const out: GuidePassage[] = [];
      for (const { id, passage, score, terms: matched } of ranked) {
        const shown = perGuide.get(passage.slug) ?? 0;
        if (shown >= searchTuning.perGuide) continue;
        perGuide.set(passage.slug, shown + 1);
        out.push({
          slug: passage.slug,
          guideTitle: passage.guideTitle,
          anchor: passage.anchor,
          heading: passage.heading,
          text: passage.text,
          snippet: snippetOf((snippetWords[id] ??= snippetWordsOf(passage.text)), new Set(matched)),
          score: Math.round(score * 1000) / 1000,
          jurisdiction: passage.jurisdiction,
        });
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
