// Trains the gate's covered-or-not model from this repository's own data: the guide search's
// questions, the gate's training questions (bench/answers/training) and the answers' tuning set
// (never the held-out set). A logistic regression on a few features of how the question matches
// the guides, plus its words and word pairs (so "phone case" and "court case" differ). The
// threshold is chosen on out-of-fold predictions, so it holds for questions the model has not
// seen; for the same reason the guide-choice model's certainty about a training question comes
// from a model of its own folds that did not see it (guide-choice-training.ts). Writes src/server/modules/answers/gate-model.json. Usage: npm run train:gate
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadGuideLibrary } from '../../src/server/modules/guides/loader';
import { createGuidesService } from '../../src/server/modules/guides/service';
import { createAnswersService } from '../../src/server/modules/answers/service';
import { featureNames } from '../../src/server/modules/answers/gate';
import { guideChoiceData, outOfFoldLikelihoods } from './guide-choice-training';
import { readQuestions } from './questions';

const modelFile = 'src/server/modules/answers/gate-model.json';
/** The share of covered questions the gate may wrongly decline, out of fold. */
const allowedWrongDeclines = 0.025;

const guides = createGuidesService({ library: loadGuideLibrary() });
const answers = createAnswersService({ guides, selfHelpFor: () => undefined });

const retrievalDir = 'bench/retrieval/questions';
const trainingDir = 'bench/answers/training';
const examples = [
  ...readdirSync(retrievalDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (
        JSON.parse(readFileSync(path.join(retrievalDir, file), 'utf8')) as { question: string }[]
      ).map((entry) => ({ text: entry.question, covered: true })),
    ),
  // covered*.json and not-covered*.json: questions the guides answer (some with their guide),
  // and ones they do not.
  ...readdirSync(trainingDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (
        JSON.parse(readFileSync(path.join(trainingDir, file), 'utf8')) as (
          string | { question: string }
        )[]
      ).map((entry) => ({
        text: typeof entry === 'string' ? entry : entry.question,
        covered: file.startsWith('covered'),
      })),
    ),
  ...readQuestions('tune')
    .filter(
      (q) =>
        !q.history && (q.type === 'covered' || q.type === 'uncovered' || q.type === 'non-legal'),
    )
    .map((q) => ({ text: q.question, covered: q.type === 'covered' })),
];

interface Datum {
  x: number[];
  sparse: string[];
  y: number;
}
// The guide-choice model was trained on many of these questions: its certainty about them is
// taken from a model that did not see them (out of fold), as it will be for questions to come.
const guideChoice = guideChoiceData(guides, answers);
const outOfFold = outOfFoldLikelihoods(guideChoice.data, guideChoice.slugs.length);
const likeliestOutOfFold = new Map<string, number>();
guideChoice.data.forEach((d, i) => {
  const likeliest = Math.max(...outOfFold[i]!);
  likeliestOutOfFold.set(d.text, Math.min(likeliest, likeliestOutOfFold.get(d.text) ?? 1));
});
const likeliestAt = featureNames.indexOf('likeliest guide');
const closestAt = featureNames.indexOf('closest common question');
const bothAt = featureNames.indexOf('closest question and likeliest guide');

const data: Datum[] = examples.map((example) => {
  const { features, sparse } = answers.gateInput(example.text);
  const unseen = likeliestOutOfFold.get(example.text);
  if (unseen !== undefined) {
    features[likeliestAt] = unseen;
    features[bothAt] = Math.sqrt(features[closestAt]! * unseen);
  }
  return { x: features, sparse, y: example.covered ? 1 : 0 };
});

interface Model {
  w: number[];
  terms: Map<string, number>;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
function predict(model: Model, d: Pick<Datum, 'x' | 'sparse'>): number {
  let z = d.x.reduce((sum, value, i) => sum + value * model.w[i]!, 0);
  for (const feature of d.sparse) z += model.terms.get(feature) ?? 0;
  return sigmoid(z);
}

/** Stochastic gradient descent in a fixed order (the same data gives the same model). */
function train(set: Datum[]): Model {
  const positives = set.filter((d) => d.y === 1).length;
  const weightOf = (y: number) =>
    y === 1 ? set.length / (2 * positives) : set.length / (2 * (set.length - positives));
  const model: Model = { w: new Array<number>(featureNames.length).fill(0), terms: new Map() };
  const denseL2 = 0.001;
  const sparseL2 = 0.02;
  for (let epoch = 0; epoch < 60; epoch++) {
    const rate = 0.05 / (1 + epoch * 0.1);
    for (let k = 0; k < set.length; k++) {
      // A fixed stride walks the set in a spread-out order without randomness.
      const d = set[(k * 7919) % set.length]!;
      const error = (predict(model, d) - d.y) * weightOf(d.y);
      model.w = model.w.map((w, i) => w - rate * (error * d.x[i]! + (i === 0 ? 0 : denseL2 * w)));
      for (const feature of d.sparse) {
        const w = model.terms.get(feature) ?? 0;
        model.terms.set(feature, w - rate * (error + sparseL2 * w));
      }
    }
  }
  return model;
}

// Out-of-fold predictions: each example scored by a model that did not see it.
const folds = 5;
const predicted = new Array<number>(data.length);
for (let fold = 0; fold < folds; fold++) {
  const model = train(data.filter((_, i) => i % folds !== fold));
  data.forEach((d, i) => {
    if (i % folds === fold) predicted[i] = predict(model, d);
  });
}
const coveredScores = data
  .map((d, i) => ({ d, p: predicted[i]! }))
  .filter(({ d }) => d.y === 1)
  .map(({ p }) => p)
  .sort((a, b) => a - b);
const threshold = coveredScores[Math.floor(coveredScores.length * allowedWrongDeclines)]! - 1e-6;
const negatives = data.filter((d) => d.y === 0).length;
const declinedOutOfFold = data.filter((d, i) => d.y === 0 && predicted[i]! < threshold).length;

for (const share of [0.01, 0.02, 0.03, 0.05]) {
  const at = coveredScores[Math.floor(coveredScores.length * share)]!;
  const declined = data.filter((d, i) => d.y === 0 && predicted[i]! < at).length;
  console.log(
    `  out of fold, wrongly declining ${share * 100}%: declines ${declined}/${negatives}`,
  );
}

const model = train(data);
const terms = Object.fromEntries(
  [...model.terms]
    .filter(([, w]) => Math.abs(w) >= 0.02)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([term, w]) => [term, Number(w.toFixed(3))]),
);
console.log(`examples: ${data.length - negatives} covered, ${negatives} not`);
console.log(
  featureNames.map((name, i) => `  ${name.padEnd(28)} ${model.w[i]!.toFixed(3)}`).join('\n'),
);
console.log(`  ${Object.keys(terms).length} words and pairs weighed`);
console.log(
  `threshold ${threshold.toFixed(3)} (out of fold): wrongly declines ${(allowedWrongDeclines * 100).toFixed(1)}% of covered, declines ${declinedOutOfFold}/${negatives} of the rest`,
);
writeFileSync(
  modelFile,
  `${JSON.stringify(
    {
      features: featureNames,
      weights: model.w.map((v) => Number(v.toFixed(4))),
      threshold: Number(threshold.toFixed(4)),
      terms,
    },
    null,
    2,
  )}\n`,
);
