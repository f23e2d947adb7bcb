// Which guide a question is about, learned from how people ask: a softmax regression over the
// question's terms (synonyms included), trained by `npm run train:guide-choice` from the
// guides' own questions and the tuning sets, and shipped as JSON. It weighs in when the gate
// chooses among the guides the search found (gate.ts `chooseGuide`). Decision 0158.
import guideModel from './guide-model.json' with { type: 'json' };

interface GuideModel {
  guides: string[];
  bias: number[];
  /** Per term, its weight for each guide it counts for: guide index, weight, guide index, … */
  terms: Record<string, number[]>;
}

const model = guideModel as GuideModel;
const termWeights = new Map(Object.entries(model.terms));

/** How likely each guide is, given the question's weighted terms (slug to probability). */
export function guideLikelihoods(terms: ReadonlyMap<string, number>): Map<string, number> {
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
