// Which guide a question is about, learned from how people ask: a softmax regression over the
// question's terms (synonyms included), trained by `npm run train:guide-choice` from the
// guides' own questions and the tuning sets, and shipped as JSON. It weighs in when the guide
// is chosen among those the search found (`chooseGuide`). Decision 0158.
import type { GuidePassage } from '../../../shared/guides.js';
import type { GateVocabulary, QuestionReading } from './gate.js';
import guideModel from './guide-model.json' with { type: 'json' };

interface GuideModel {
  guides: string[];
  bias: number[];
  /** Per term, its weight for each guide it counts for: guide index, weight, guide index, … */
  terms: Record<string, number[]>;
}

const model = guideModel as GuideModel;
const termWeights = new Map(Object.entries(model.terms));

/** The likelihoods of terms already weighed: a question's are read by the gate, then by the choice. */
const weighed = new WeakMap<ReadonlyMap<string, number>, Map<string, number>>();

/**
 * How likely each guide is, given the question's weighted terms (slug to probability). The
 * terms are not changed once asked.
 */
export function guideLikelihoods(terms: ReadonlyMap<string, number>): Map<string, number> {
  let likelihoods = weighed.get(terms);
  if (!likelihoods) weighed.set(terms, (likelihoods = likelihoodsOf(terms)));
  return likelihoods;
}

function likelihoodsOf(terms: ReadonlyMap<string, number>): Map<string, number> {
  const z = [...model.bias];
  for (const [term, weight] of terms) {
    const pairs = termWeights.get(term);
    if (!pairs) continue;
    for (let i = 0; i < pairs.length; i += 2) z[pairs[i]!]! += pairs[i + 1]! * weight;
  }
  const most = Math.max(...z);
  const exp = z.map((value) => Math.exp(value - most));
  const sum = exp.reduce((total, value) => total + value, 0);
  return new Map(model.guides.map((slug, i) => [slug, exp[i]! / sum]));
}

/** The model is this sure of a guide: its passages are searched for when the search missed it. */
const sureOfGuide = 0.6;

/**
 * The reading, with the passages of the guide the model is sure of when the search did not find
 * that guide ("my dead mom's credit card bills" is about an estate, not about credit cards), so
 * the choice among guides can weigh it (decision 0159).
 */
export function withLikeliestGuide(
  reading: QuestionReading,
  likelihoods: ReadonlyMap<string, number>,
  /** The guide's passages for a query. */
  searchGuide: (query: string, guide: string) => GuidePassage[],
): QuestionReading {
  let likeliest: string | undefined;
  for (const [slug, likelihood] of likelihoods) if (likelihood >= sureOfGuide) likeliest = slug;
  if (!likeliest || reading.passages.some((passage) => passage.slug === likeliest)) return reading;
  const found = searchGuide([...reading.terms.keys()].join(' '), likeliest);
  return { ...reading, passages: [...reading.passages, ...found] };
}

/** How far the search's best passage may fall behind for a guide that fits the question better. */
export const topicalWeight = 1.5;
/** How much the guide-choice model's belief counts against the two above. */
export const likelihoodWeight = 2;

/**
 * The guide that answers: of the guides the search found, the one whose own words cover the
 * question's telling words best ("twc", "eeoc", "n-400" say more than "how long"), weighed with
 * the search's score. Passages are reordered so that guide's come first.
 */
export function chooseGuide(
  vocabulary: GateVocabulary,
  reading: QuestionReading,
  /** How likely each guide is, from how people ask (`guideLikelihoods`). */
  likelihood: ReadonlyMap<string, number> = new Map(),
): GuidePassage[] {
  const { passages } = reading;
  const top = passages[0];
  if (!top) return passages;
  const guideCount = vocabulary.guideTerms.size;
  const best = new Map<string, number>();
  for (const passage of passages)
    if (!best.has(passage.slug)) best.set(passage.slug, passage.score);
  const topical = new Map<string, number>();
  for (const slug of best.keys()) {
    const terms = vocabulary.guideTerms.get(slug) ?? new Set<string>();
    let score = 0;
    for (const [term, weight] of reading.terms) {
      if (terms.has(term)) {
        score +=
          weight * Math.log(guideCount / (vocabulary.guideFrequency.get(term) ?? guideCount));
      }
    }
    topical.set(slug, score);
  }
  const most = Math.max(...topical.values(), 1e-9);
  let chosen = top.slug;
  let chosenScore = -Infinity;
  for (const [slug, score] of best) {
    const combined =
      score / top.score +
      topicalWeight * (topical.get(slug)! / most) +
      likelihoodWeight * (likelihood.get(slug) ?? 0);
    if (combined > chosenScore) {
      chosen = slug;
      chosenScore = combined;
    }
  }
  return [
    ...passages.filter((passage) => passage.slug === chosen),
    ...passages.filter((passage) => passage.slug !== chosen),
  ];
}
