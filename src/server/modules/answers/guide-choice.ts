// Which guide a question is about, learned from how people ask: a softmax regression over the
// question's terms (synonyms included), trained by `npm run train:guide-choice` from the
// guides' own questions and the tuning sets, and shipped as JSON. It weighs in when the gate
// chooses among the guides the search found (gate.ts `chooseGuide`). Decision 0158.
import type { GuidePassage } from '../../../shared/guides.js';
import type { QuestionReading } from './gate.js';
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
