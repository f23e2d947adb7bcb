// The questions each guide answers (front matter `questions`), matched to what a person asks:
// a TF-IDF cosine between the person's terms and each way the guide puts the question, so "my
// landlord still has my money" finds "How long does a landlord have to return a deposit?" and
// its own answering sentence. Decision 0114.
import { overviewAnchor, type GuideDocument, type GuideQuestion } from '../../../shared/guides.js';
import { blocksText } from '../guides/markdown.js';
import { expandQuery } from '../guides/search-index.js';
import { figureKindOf, figurePatterns, type FigureKind } from './figures.js';
import { readPlaces } from './places.js';

interface IndexedQuestion {
  slug: string;
  question: GuideQuestion;
  /** Each way of asking (the `ask` and every `also`), as weighted terms. */
  phrasings: Map<string, number>[];
  /** The kind of figure the question asks for ("how long" wants a duration). */
  figure: FigureKind | undefined;
  /** What the answer can state: its sentence and, state by state, its facts' values. */
  answerText: string;
  /** The states the question is about, when it names any ("… in California?"). */
  states: Set<string>;
  /** The states whose figure the guide's facts give for it ("CA"). */
  factStates: Set<string>;
}

export interface QuestionIndex {
  bySlug: Map<string, IndexedQuestion[]>;
  /** How telling a term is among all the questions: rarer, more telling. */
  idf: Map<string, number>;
  /** Each term of five letters or more with one letter left out, to the term: for typos. */
  oneLetterOff: Map<string, string>;
}

/** A word with each of its letters left out in turn ("landlord" -> "andlord", "ladlord", …). */
function withOneLetterOut(term: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < term.length; i += 1) out.push(term.slice(0, i) + term.slice(i + 1));
  return out;
}

/** Long enough that one letter off is a typo rather than another word. */
const typoLength = 5;

/**
 * The questions' term a typed term was meant to be, one letter off ("landlrod", "deposite",
 * "collecters"): both with one letter left out meet, which covers a letter added, dropped,
 * changed or two swapped. Terms the questions use are kept as typed.
 */
function corrected(index: QuestionIndex, term: string): string {
  if (index.idf.has(term) || term.length < typoLength || /\d/.test(term)) return term;
  const direct = index.oneLetterOff.get(term);
  if (direct) return direct;
  for (const variant of withOneLetterOut(term)) {
    const found = index.idf.has(variant) ? variant : index.oneLetterOff.get(variant);
    if (found) return found;
  }
  return term;
}

const figureMiss = 0.6;
/** A question about another state than the person's, or about one state when theirs is unknown. */
const otherStateWeight = 0.3;
const anyStateWeight = 0.6;
const ownStateWeight = 1.1;

export interface QuestionMatch {
  slug: string;
  question: GuideQuestion;
  /** Cosine of the person's question and the closest way of asking, 0 to 1. */
  score: number;
  /** The question is about one state, the person's. */
  forState: boolean;
  /** Another question of the guide nearly as close, whose answer may be the one meant. */
  next?: QuestionMatch | undefined;
}

/** The person's words weigh 1, the synonyms they bring less. */
export function weightedTerms(text: string): Map<string, number> {
  const { terms, own } = expandQuery(text);
  return new Map(terms.map((term, i) => [term, i < own ? 1 : 0.6]));
}

export function indexQuestions(guides: readonly GuideDocument[]): QuestionIndex {
  const bySlug = new Map<string, IndexedQuestion[]>();
  const df = new Map<string, number>();
  let phrasingCount = 0;
  for (const guide of guides) {
    const indexed = guide.questions.map((question) => {
      // Places are read apart, as in what people ask: "in California" is where, not what.
      const read = [question.ask, ...question.also].map(readPlaces);
      const phrasings = read.map(({ otherWords }) => weightedTerms(otherWords.join(' ')));
      const states = new Set(
        read.flatMap(({ places }) =>
          places.flatMap((place) => (place.kind === 'state' ? [place.code] : [])),
        ),
      );
      for (const phrasing of phrasings) {
        phrasingCount += 1;
        for (const term of phrasing.keys()) df.set(term, (df.get(term) ?? 0) + 1);
      }
      const facts = guide.facts.filter((fact) => fact.kind === question.fact);
      const values = facts.map((fact) => fact.text);
      return {
        slug: guide.slug,
        question,
        phrasings,
        figure: figureKindOf(question.ask),
        answerText: [question.answer, ...values].join(' '),
        states,
        factStates: new Set(facts.map((fact) => fact.jurisdiction.replace(/^US-/, ''))),
      };
    });
    bySlug.set(guide.slug, indexed);
  }
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log(1 + phrasingCount / count));
  const oneLetterOff = new Map<string, string>();
  // The most used term wins a shared variant.
  const byUse = [...df].sort((a, b) => b[1] - a[1]).map(([term]) => term);
  for (const term of byUse) {
    if (term.length < typoLength || /\d/.test(term)) continue;
    for (const variant of withOneLetterOut(term))
      if (!oneLetterOff.has(variant)) oneLetterOff.set(variant, term);
  }
  return { bySlug, idf, oneLetterOff };
}

/** A term no question uses tells as much as the rarest that one does. */
function idfOf(index: QuestionIndex, term: string, unseen: number): number {
  return index.idf.get(term) ?? unseen;
}

function cosine(
  index: QuestionIndex,
  asked: Map<string, number>,
  phrasing: Map<string, number>,
  unseen: number,
): number {
  let dot = 0;
  let askedNorm = 0;
  let phrasingNorm = 0;
  for (const [term, weight] of asked) {
    const value = weight * idfOf(index, term, unseen);
    askedNorm += value * value;
    const other = phrasing.get(term);
    if (other !== undefined) dot += value * other * idfOf(index, term, unseen);
  }
  for (const [term, weight] of phrasing) {
    const value = weight * idfOf(index, term, unseen);
    phrasingNorm += value * value;
  }
  return askedNorm === 0 || phrasingNorm === 0 ? 0 : dot / Math.sqrt(askedNorm * phrasingNorm);
}

/**
 * The guides' questions closest to what the person asked, best first. A question that asks for
 * another kind of figure ("how much" against "how long") counts for less.
 */
export function matchQuestions(
  index: QuestionIndex,
  asked: Map<string, number>,
  slugs: readonly string[],
  figure: FigureKind | undefined,
  state?: string,
): QuestionMatch[] {
  const unseen = Math.max(...index.idf.values(), 1);
  const meant = new Map<string, number>();
  for (const [term, weight] of asked) {
    const fixed = corrected(index, term);
    meant.set(fixed, Math.max(weight, meant.get(fixed) ?? 0));
  }
  const matches: QuestionMatch[] = [];
  for (const slug of slugs) {
    for (const entry of index.bySlug.get(slug) ?? []) {
      let score = Math.max(...entry.phrasings.map((p) => cosine(index, meant, p, unseen)));
      if (figure && entry.figure && figure !== entry.figure) score *= 0.7;
      // "How many weeks?" is not answered by a sentence without a number of weeks.
      if (figure && figure !== 'any')
        score *= figurePatterns[figure].test(entry.answerText) ? 1 : figureMiss;
      // A question about one state answers for that state only.
      const forState = state !== undefined && entry.states.has(state);
      if (entry.states.size > 0 && !forState) score *= state ? otherStateWeight : anyStateWeight;
      // The person's own state's question, or one whose facts give their state's figure, beats
      // the general one that reads alike.
      if (forState || (state !== undefined && entry.factStates.has(state))) score *= ownStateWeight;
      matches.push({ slug, question: entry.question, score, forState });
    }
  }
  return matches.sort((a, b) => b.score - a.score);
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const sectionTexts = new WeakMap<
  GuideDocument,
  { anchor: string; heading: string; text: string }[]
>();

/** The section of the guide whose text holds a sentence: where its citation points. */
export function sectionHolding(
  guide: GuideDocument,
  sentence: string,
): { anchor: string; heading: string } | undefined {
  let texts = sectionTexts.get(guide);
  if (!texts) {
    texts = [
      {
        anchor: overviewAnchor,
        heading: 'Overview',
        text: squeeze(`${guide.summary}\n${blocksText(guide.intro)}`),
      },
      ...guide.sections.map((section) => ({
        anchor: section.anchor,
        heading: section.heading,
        text: squeeze(blocksText(section.blocks)),
      })),
    ];
    sectionTexts.set(guide, texts);
  }
  const wanted = squeeze(sentence);
  return texts.find((section) => section.text.includes(wanted));
}
