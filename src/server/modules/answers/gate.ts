// Placing a question before anything is charged: another language, not a legal question, legal
// but not covered by our guides, or covered (and by which guide); small talk and requests to
// write something for fun are told apart first (small-talk.ts). Decision 0110.
import type { GuideDocument, GuidePassage } from '../../../shared/guides.js';
import { expandQuery } from '../guides/search-index.js';
import { termOf, words } from '../guides/terms.js';
import { blocksText } from '../guides/markdown.js';
import gateModel from './gate-model.json' with { type: 'json' };
import { languageOf, type Language } from './language.js';
import { readPlaces, type Place } from './places.js';
import { everydayTermCounts, guideTermCounts, type TermCounts } from './vocabulary.js';

/** What a question is about, read once: its place, its terms, the guides it matches. */
export interface QuestionReading {
  language: Language;
  places: Place[];
  /** The person's own terms (places left out), and the synonyms' terms at a lower weight. */
  terms: Map<string, number>;
  ownTerms: string[];
  passages: GuidePassage[];
  features: number[];
  /** Its words and word pairs, as the gate's model weighs them. */
  sparse: string[];
}

export interface GateVocabulary {
  legal: TermCounts;
  everyday: TermCounts;
  /** Every term of each guide. */
  guideTerms: Map<string, Set<string>>;
  /** Every term of each guide, and of the ways people ask its questions. */
  guideAndAskedTerms: Map<string, Set<string>>;
  /** How many guides use each term. */
  guideFrequency: Map<string, number>;
  /** Pairs of terms that stand next to each other somewhere in the guides ("secur deposit"). */
  pairs: Set<string>;
  /** Each guide's title and keywords, as terms: what people type to name its topic. */
  topicTerms: Set<string>[];
}

export function buildGateVocabulary(guides: readonly GuideDocument[]): GateVocabulary {
  const guideTerms = new Map<string, Set<string>>();
  const pairs = new Set<string>();
  for (const guide of guides) {
    const text = [
      guide.title,
      guide.summary,
      guide.keywords.join(' '),
      blocksText(guide.intro),
      ...guide.sections.map((section) => `${section.heading} ${blocksText(section.blocks)}`),
    ].join(' ');
    const terms = new Set<string>();
    let previous: string | null = null;
    for (const word of words(text)) {
      const term = termOf(word);
      if (term !== null) {
        terms.add(term);
        if (previous !== null) pairs.add(`${previous} ${term}`);
      }
      previous = term;
    }
    guideTerms.set(guide.slug, terms);
  }
  // With the words of the ways people ask each guide's questions ("til I can remarry").
  const guideAndAskedTerms = new Map(
    guides.map((guide) => {
      const asked = guide.questions.flatMap((question) => [question.ask, ...question.also]);
      const terms = new Set(guideTerms.get(guide.slug));
      for (const word of words(asked.join(' '))) {
        const term = termOf(word);
        if (term !== null) terms.add(term);
      }
      return [guide.slug, terms];
    }),
  );
  const guideFrequency = new Map<string, number>();
  for (const terms of guideTerms.values()) {
    for (const term of terms) guideFrequency.set(term, (guideFrequency.get(term) ?? 0) + 1);
  }
  const topicTerms = guides.map(
    (guide) =>
      new Set(
        words(`${guide.title} ${guide.keywords.join(' ')}`)
          .map(termOf)
          .filter((term): term is string => term !== null),
      ),
  );
  return {
    legal: guideTermCounts(guides),
    everyday: everydayTermCounts(),
    guideTerms,
    guideAndAskedTerms,
    guideFrequency,
    pairs,
    topicTerms,
  };
}

/** How much more often the guides use a term than everyday English does (natural log). */
export function legalLean(vocabulary: GateVocabulary, term: string): number | null {
  const inGuides = vocabulary.legal.counts.get(term) ?? 0;
  const everyday = vocabulary.everyday.counts.get(term) ?? 0;
  if (inGuides === 0) return everyday === 0 ? null : -Math.min(3, Math.log(1 + everyday / 200));
  return Math.log(
    (inGuides + 0.5) / vocabulary.legal.total / ((everyday + 0.5) / vocabulary.everyday.total),
  );
}

/** How much a term says in everyday English: rarer words say more. */
function informativeness(vocabulary: GateVocabulary, term: string): number {
  const everyday = vocabulary.everyday.counts.get(term) ?? 0;
  return Math.min(14, Math.log(vocabulary.everyday.total / (everyday + 1)));
}

export const featureNames = [
  'bias',
  'log top score',
  'covered share of the words',
  'mean legal lean',
  'strongest legal lean',
  'words no guide uses',
  'guide agreement',
  'word pairs the guides use',
  /** Added by the answers service, which holds the guides' questions… */
  'closest common question',
  /** …and the guide-choice model: how sure it is of any one guide. */
  'likeliest guide',
  /** Both at once: near a common question of a guide the model believes in. */
  'closest question and likeliest guide',
] as const;

/** The gate's features of a question, given the passages the search found for it. */
export function gateFeatures(
  vocabulary: GateVocabulary,
  ownTerms: string[],
  passages: GuidePassage[],
  /** The person's terms in the order written, repeats kept. */
  ownSequence: string[] = ownTerms,
): number[] {
  const top = passages[0];
  if (!top || ownTerms.length === 0) return [1, 0, 0, 0, 0, 0, 0, 0];
  const guideTerms = vocabulary.guideTerms.get(top.slug) ?? new Set<string>();
  let covered = 0;
  let total = 0;
  let leanSum = 0;
  let strongest = -3;
  let unknown = 0;
  for (const term of ownTerms) {
    const weight = informativeness(vocabulary, term);
    total += weight;
    if (guideTerms.has(term)) covered += weight;
    const lean = legalLean(vocabulary, term);
    if (lean !== null) {
      leanSum += Math.max(-3, Math.min(5, lean));
      if (guideTerms.has(term)) strongest = Math.max(strongest, lean);
    }
    if ((vocabulary.legal.counts.get(term) ?? 0) === 0 && weight > 9) unknown += 1;
  }
  const agreement = passages.slice(0, 4).filter((passage) => passage.slug === top.slug).length / 4;
  // Words the law uses, in pairs it does not ("cash deposit", "hearing aids"), are everyday talk.
  let pairCount = 0;
  let pairsFound = 0;
  for (let i = 1; i < ownSequence.length; i++) {
    pairCount += 1;
    if (vocabulary.pairs.has(`${ownSequence[i - 1]} ${ownSequence[i]}`)) pairsFound += 1;
  }
  return [
    1,
    Math.log(1 + top.score),
    total > 0 ? covered / total : 0,
    leanSum / ownTerms.length,
    Math.max(-3, Math.min(6, strongest)),
    unknown,
    agreement,
    pairCount > 0 ? pairsFound / pairCount : 0.5,
  ];
}

const weights: number[] = gateModel.weights;
const termWeights = new Map<string, number>(Object.entries(gateModel.terms));

/** The words and word pairs of a question that the gate's model weighs. */
export function sparseFeatures(sequence: readonly string[]): string[] {
  const out = new Set<string>(sequence);
  for (let i = 1; i < sequence.length; i++) out.add(`${sequence[i - 1]} ${sequence[i]}`);
  return [...out];
}

/** A word in this share of the guides or more names no topic of its own ("how long"). */
export const commonInGuides = 0.4;

/**
 * A guide's topic typed alone ("Deposits?", "green card", "power of attorney"): three words at
 * most, all of them from one guide's title or keywords, one of them a word most guides do not
 * use ("how long" names no topic). The person came to a legal site with it.
 */
export function namesTopicAlone(vocabulary: GateVocabulary, reading: QuestionReading): boolean {
  const { ownTerms } = reading;
  if (ownTerms.length === 0 || ownTerms.length > 3) return false;
  const common = commonInGuides * vocabulary.guideTerms.size;
  return (
    ownTerms.some((term) => (vocabulary.guideFrequency.get(term) ?? 0) < common) &&
    vocabulary.topicTerms.some((terms) => ownTerms.every((term) => terms.has(term)))
  );
}

/**
 * The reading with the features that need more than the search (the answers service works them
 * out): how close the nearest of the found guides' own questions is; how sure the guide-choice
 * model is of any one guide, since questions no guide answers spread its belief thin (decision
 * 0160); and both at once, near a question of a guide the model believes in (decision 0161).
 */
export function withQuestionFeatures(
  reading: QuestionReading,
  closest: number,
  likeliest: number,
): QuestionReading {
  const features = [...reading.features, closest, likeliest, Math.sqrt(closest * likeliest)];
  return { ...reading, features };
}

/** The gate's belief that the guides cover the question, from 0 to 1. */
export function coveredProbability(features: number[], sparse: readonly string[] = []): number {
  let z = features.reduce((sum, value, i) => sum + value * (weights[i] ?? 0), 0);
  for (const feature of sparse) z += termWeights.get(feature) ?? 0;
  return 1 / (1 + Math.exp(-z));
}

export const coveredThreshold: number = gateModel.threshold;

/** Reads a question: its language, places, terms and the passages the search finds for it. */
export function readQuestion(
  vocabulary: GateVocabulary,
  search: (query: string, jurisdiction: string | null) => GuidePassage[],
  text: string,
  jurisdiction: string | null,
): QuestionReading {
  const language = languageOf(text);
  const { places, otherWords } = readPlaces(text);
  const query = otherWords.join(' ');
  const { terms: expanded, own } = expandQuery(query);
  // A bare number ("11 hours", "$900", a reference) is the person's case, not a word of the
  // topic: it tells nothing of whether the guides cover the question.
  const ownTerms = expanded.slice(0, own).filter((term) => !/^\d+$/.test(term));
  const terms = new Map<string, number>();
  // A bare number is the person's own case ("11 hours", "$900"), not what the rule is about;
  // the search still reads it, and a form's number ("n400") stays a term.
  expanded.forEach((term, i) => {
    if (!/^\d+$/.test(term)) terms.set(term, i < own ? 1 : 0.6);
  });
  const passages = query.trim() ? search(query, jurisdiction) : [];
  const sequence = otherWords.map(termOf).filter((term): term is string => term !== null);
  return {
    language,
    places,
    terms,
    ownTerms,
    passages,
    features: gateFeatures(vocabulary, ownTerms, passages, sequence),
    sparse: sparseFeatures(sequence),
  };
}

/**
 * Words that ask about the law whatever the topic, including fields our guides do not cover
 * (patents, admiralty, securities): they make a declined question a legal one we do not cover.
 */
const lawWords = new Set(
  (
    'law laws legal legally illegal illegally lawful unlawful lawyer lawyers attorney attorneys sue ' +
    'sued suing lawsuit lawsuits court courts judge statute statutes regulation regulations ' +
    'regulated patent patents patented trademark trademarks copyright copyrighted infringement ' +
    'license licensed licence permit permits liability liable rights contract contracts defamation ' +
    'libel slander prenup prenuptial admiralty maritime securities antitrust zoning variance ' +
    'easement probate adoption surrogacy malpractice negligence compliance comply gdpr ccpa foia ' +
    'extradition treaty tribal arbitration mediation subpoena jurisdiction enforceable allowed ' +
    'penalty penalties fined prosecute prosecuted ordinance hoa jury juror jurors felony felonies ' +
    'misdemeanor misdemeanors arrest arrested crime crimes criminal theft shoplifting audit audited ' +
    'irs'
  )
    .split(' ')
    .map((word) => termOf(word))
    .filter((term): term is string => term !== null),
);

/** A legal question, even if no guide covers it: a word of the law, or one that leans to it. */
export function soundsLegal(vocabulary: GateVocabulary, reading: QuestionReading): boolean {
  return reading.ownTerms.some((term) => {
    if (lawWords.has(term)) return true;
    const lean = legalLean(vocabulary, term);
    return lean !== null && lean >= 3.2;
  });
}
