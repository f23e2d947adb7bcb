// The questions each guide answers (front matter `questions`), matched to what a person asks:
// TF-IDF cosines between the person's terms and each way the guide puts the question, all of
// them together, and the question's answer, so "my landlord still has my money" finds "How long
// does a landlord have to return a deposit?" and its own answering sentence. Decisions 0114 and
// 0156.
import type { GuideDocument, GuideQuestion } from '../../../shared/guides.js';
import { expandQuery } from '../guides/search-index.js';
import { figureKindOf, figurePatterns, type FigureKind } from './figures.js';
import { readPlaces } from './places.js';

interface IndexedQuestion {
  slug: string;
  question: GuideQuestion;
  /** Its ways of asking (the `ask` and every `also`): numbers into its guide's phrasings. */
  phrasings: number[];
  /** All its ways of asking together (each weighing the same), and what its answer says. */
  together: number;
  answerRow: number;
  /** The kind of figure the question asks for ("how long" wants a duration). */
  figure: FigureKind | undefined;
  /** Whether what the answer can state (its sentence and its facts' values) has each kind of figure. */
  statesFigure: Record<Exclude<FigureKind, 'any'>, boolean>;
  /** The states the question is about, when it names any ("… in California?"). */
  states: Set<string>;
  /** The states whose rule its answer or the guide's facts give ("CA"). */
  factStates: Set<string>;
}

/**
 * A guide's questions with every way of asking worked out once, at load: each phrasing's squared
 * TF-IDF norm, and for each term the phrasings that use it with its weight there, so a question
 * asked is scored only against the phrasings that share one of its terms.
 */
interface GuideQuestions {
  questions: IndexedQuestion[];
  /** Each phrasing's squared norm (its terms' weight times idf, squared and summed). */
  norms: Float64Array;
  /** Term -> the phrasings that use it and its weight in each, in the same order. */
  postings: Map<string, { phrasings: number[]; weights: number[] }>;
}

export interface QuestionIndex {
  bySlug: Map<string, GuideQuestions>;
  /** How telling a term is among all the questions: rarer, more telling. */
  idf: Map<string, number>;
  /** What a term no question uses tells: as much as the rarest that one does. */
  unseen: number;
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
/** How much the question's ways of asking together, and its answer's words, count beside the closest. */
const togetherWeight = 1;
const answerWeight = 0.7;
/** A question about another state than the person's, or about one state when theirs is unknown. */
const otherStateWeight = 0.3;
const anyStateWeight = 0.6;
const ownStateWeight = 1.3;

export interface QuestionMatch {
  slug: string;
  question: GuideQuestion;
  /** Cosine of the person's question and the closest way of asking, 0 to 1. */
  score: number;
  /** The question is about one state, the person's. */
  forState: boolean;
  /** It gives the person's state's rule: about their state, or its facts give their figure. */
  givesState: boolean;
  /** Another question of the guide nearly as close, whose answer may be the one meant. */
  next?: QuestionMatch | undefined;
}

/** The person's words weigh 1, the synonyms they bring less. */
export function weightedTerms(text: string): Map<string, number> {
  const { terms, own } = expandQuery(text);
  return new Map(terms.map((term, i) => [term, i < own ? 1 : 0.6]));
}

/** The states an answer gives the rule of ("In Texas, …"), not those it only names. */
function statesIn(text: string): string[] {
  return [...text.matchAll(/\bIn ((?:[A-Z][a-z]+ ){0,2}[A-Z][a-z]+)/g)].flatMap((match) =>
    readPlaces(match[1]!).places.flatMap((place) => (place.kind === 'state' ? [place.code] : [])),
  );
}

export function indexQuestions(guides: readonly GuideDocument[]): QuestionIndex {
  const read = new Map<string, { entries: IndexedQuestion[]; terms: Map<string, number>[] }>();
  const df = new Map<string, number>();
  let phrasingCount = 0;
  for (const guide of guides) {
    const terms: Map<string, number>[] = [];
    const entries = guide.questions.map((question) => {
      // Places are read apart, as in what people ask: "in California" is where, not what.
      const asked = [question.ask, ...question.also].map(readPlaces);
      const phrasings = asked.map(({ otherWords }) => weightedTerms(otherWords.join(' ')));
      // The question as the guide asks it says which state it is about; a city in one of the
      // ways people ask it ("… when they arrest you in atlanta") does not make it Georgia's.
      const states = new Set(
        asked[0]!.places.flatMap((place) => (place.kind === 'state' ? [place.code] : [])),
      );
      for (const phrasing of phrasings) {
        phrasingCount += 1;
        for (const term of phrasing.keys()) df.set(term, (df.get(term) ?? 0) + 1);
      }
      const facts = guide.facts.filter((fact) => fact.kind === question.fact);
      const values = facts.map((fact) => fact.text);
      const answerText = [question.answer, ...values].join(' ');
      const first = terms.length;
      terms.push(...phrasings);
      // Filled in once the terms' idf is known (below): their positions are kept here.
      terms.push(new Map(), weightedTerms(readPlaces(answerText).otherWords.join(' ')));
      return {
        slug: guide.slug,
        question,
        phrasings: phrasings.map((_, i) => first + i),
        together: first + phrasings.length,
        answerRow: first + phrasings.length + 1,
        figure: figureKindOf(question.ask),
        statesFigure: {
          duration: figurePatterns.duration.test(answerText),
          money: figurePatterns.money.test(answerText),
          count: figurePatterns.count.test(answerText),
          age: figurePatterns.age.test(answerText),
        },
        states,
        factStates: new Set([
          ...facts.map((fact) => fact.jurisdiction.replace(/^US-/, '')),
          ...statesIn(question.answer),
        ]),
      };
    });
    read.set(guide.slug, { entries, terms });
  }
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log(1 + phrasingCount / count));
  const unseen = Math.max(...idf.values(), 1);
  const idfOf = (term: string) => idf.get(term) ?? unseen;
  const bySlug = new Map<string, GuideQuestions>();
  for (const [slug, { entries, terms }] of read) {
    // A question's ways of asking together: each phrasing's unit vector, summed.
    for (const entry of entries) {
      const together = terms[entry.together]!;
      for (const n of entry.phrasings) {
        const phrasing = terms[n]!;
        let norm = 0;
        for (const [term, weight] of phrasing) norm += (weight * idfOf(term)) ** 2;
        norm = Math.sqrt(norm) || 1;
        for (const [term, weight] of phrasing)
          together.set(term, (together.get(term) ?? 0) + weight / norm);
      }
    }
    const norms = new Float64Array(terms.length);
    const postings: GuideQuestions['postings'] = new Map();
    terms.forEach((phrasing, n) => {
      let norm = 0;
      for (const [term, weight] of phrasing) {
        const value = weight * idfOf(term);
        norm += value * value;
        let posting = postings.get(term);
        if (!posting) postings.set(term, (posting = { phrasings: [], weights: [] }));
        posting.phrasings.push(n);
        posting.weights.push(weight);
      }
      norms[n] = norm;
    });
    bySlug.set(slug, { questions: entries, norms, postings });
  }
  const oneLetterOff = new Map<string, string>();
  // The most used term wins a shared variant.
  const byUse = [...df].sort((a, b) => b[1] - a[1]).map(([term]) => term);
  for (const term of byUse) {
    if (term.length < typoLength || /\d/.test(term)) continue;
    for (const variant of withOneLetterOut(term))
      if (!oneLetterOff.has(variant)) oneLetterOff.set(variant, term);
  }
  return { bySlug, idf, unseen, oneLetterOff };
}

/**
 * The cosine of the asked terms and each of a guide's phrasings: the dot products gathered
 * through the terms' postings (a phrasing sharing no term scores 0), over the two norms.
 */
function cosines(
  index: QuestionIndex,
  asked: Map<string, number>,
  guide: GuideQuestions,
): Float64Array {
  const dots = new Float64Array(guide.norms.length);
  let askedNorm = 0;
  for (const [term, weight] of asked) {
    const idf = index.idf.get(term) ?? index.unseen;
    const value = weight * idf;
    askedNorm += value * value;
    const posting = guide.postings.get(term);
    if (!posting) continue;
    for (let i = 0; i < posting.phrasings.length; i += 1)
      dots[posting.phrasings[i]!]! += value * posting.weights[i]! * idf;
  }
  for (let n = 0; n < dots.length; n += 1) {
    const phrasingNorm = guide.norms[n]!;
    dots[n] =
      askedNorm === 0 || phrasingNorm === 0 ? 0 : dots[n]! / Math.sqrt(askedNorm * phrasingNorm);
  }
  return dots;
}

/**
 * What a question's terms scored, kept while the terms are in use: a question is matched more
 * than once as it is placed (how close the found guides' questions are, then the closest one),
 * with the same terms. The terms are not changed once asked.
 */
const scored = new WeakMap<
  Map<string, number>,
  { index: QuestionIndex; meant: Map<string, number>; bySlug: Map<string, Float64Array> }
>();

function scoresFor(index: QuestionIndex, asked: Map<string, number>) {
  let known = scored.get(asked);
  if (known?.index !== index) {
    const meant = new Map<string, number>();
    for (const [term, weight] of asked) {
      const fixed = corrected(index, term);
      meant.set(fixed, Math.max(weight, meant.get(fixed) ?? 0));
    }
    known = { index, meant, bySlug: new Map() };
    scored.set(asked, known);
  }
  return known;
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
  const known = scoresFor(index, asked);
  const matches: QuestionMatch[] = [];
  for (const slug of slugs) {
    const guide = index.bySlug.get(slug);
    if (!guide) continue;
    let scores = known.bySlug.get(slug);
    if (!scores) known.bySlug.set(slug, (scores = cosines(index, known.meant, guide)));
    for (const entry of guide.questions) {
      // The closest way of asking, all of them together, and the words of the answer itself.
      const closest = Math.max(...entry.phrasings.map((n) => scores[n]!));
      let score =
        (closest +
          togetherWeight * scores[entry.together]! +
          answerWeight * scores[entry.answerRow]!) /
        (1 + togetherWeight + answerWeight);
      if (figure && entry.figure && figure !== entry.figure) score *= 0.7;
      // "How many weeks?" is not answered by a sentence without a number of weeks.
      if (figure && figure !== 'any') score *= entry.statesFigure[figure] ? 1 : figureMiss;
      // A question about one state answers for that state only.
      const forState = state !== undefined && entry.states.has(state);
      if (entry.states.size > 0 && !forState) score *= state ? otherStateWeight : anyStateWeight;
      // The person's own state's question, or one whose facts give their state's figure, beats
      // the general one that reads alike.
      const givesState = forState || (state !== undefined && entry.factStates.has(state));
      if (givesState) score *= ownStateWeight;
      matches.push({ slug, question: entry.question, score, forState, givesState });
    }
  }
  return matches.sort((a, b) => b.score - a.score);
}
