// Trains the gate's covered-or-not model (a logistic regression on a few features of how the
// question matches the guides) from this repository's own data: the guide search's questions
// and the answers' tuning set (never the held-out set). Writes
// src/server/modules/answers/gate-model.json. Usage: npm run train:gate
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadGuideLibrary } from '../../src/server/modules/guides/loader';
import { createGuidesService } from '../../src/server/modules/guides/service';
import { createAnswersService } from '../../src/server/modules/answers/service';
import { featureNames } from '../../src/server/modules/answers/gate';
import { readQuestions } from './questions';

const modelFile = 'src/server/modules/answers/gate-model.json';
const guides = createGuidesService({ library: loadGuideLibrary() });
const answers = createAnswersService({ guides, selfHelpFor: () => undefined });

interface Example {
  text: string;
  covered: boolean;
}
const retrievalDir = 'bench/retrieval/questions';
const examples: Example[] = [
  ...readdirSync(retrievalDir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      (
        JSON.parse(readFileSync(path.join(retrievalDir, file), 'utf8')) as { question: string }[]
      ).map((entry) => ({ text: entry.question, covered: true })),
    ),
  ...readQuestions('tune')
    .filter(
      (q) =>
        !q.history && (q.type === 'covered' || q.type === 'uncovered' || q.type === 'non-legal'),
    )
    .map((q) => ({ text: q.question, covered: q.type === 'covered' })),
];

const data = examples.map((example) => ({
  x: answers.features(example.text),
  y: example.covered ? 1 : 0,
}));
const positives = data.filter((d) => d.y === 1).length;
const negatives = data.length - positives;
// Each class weighs the same in total, so the few negatives are not drowned out.
const classWeight = (y: number) =>
  y === 1 ? data.length / (2 * positives) : data.length / (2 * negatives);

const dims = featureNames.length;
let w = new Array<number>(dims).fill(0);
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const predict = (x: number[]) => sigmoid(x.reduce((sum, value, i) => sum + value * w[i]!, 0));
const l2 = 0.01;
for (let step = 0; step < 20_000; step++) {
  const gradient = new Array<number>(dims).fill(0);
  for (const { x, y } of data) {
    const error = (predict(x) - y) * classWeight(y);
    for (let i = 0; i < dims; i++) gradient[i]! += error * x[i]!;
  }
  const rate = 0.05;
  w = w.map((value, i) => value - rate * (gradient[i]! / data.length + (i === 0 ? 0 : l2 * value)));
}

// The threshold: the highest that wrongly declines at most 1% of the covered training questions.
const coveredScores = data
  .filter((d) => d.y === 1)
  .map((d) => predict(d.x))
  .sort((a, b) => a - b);
const threshold = Math.max(
  0.05,
  (coveredScores[Math.floor(coveredScores.length * 0.01)] ?? 0.5) - 1e-6,
);
const declined = data.filter((d) => d.y === 0 && predict(d.x) < threshold).length;
console.log(`examples: ${positives} covered, ${negatives} not`);
console.log(featureNames.map((name, i) => `  ${name.padEnd(28)} ${w[i]!.toFixed(3)}`).join('\n'));
console.log(
  `threshold ${threshold.toFixed(3)}: declines ${declined}/${negatives} of the uncovered and non-legal training questions`,
);
writeFileSync(
  modelFile,
  `${JSON.stringify({ features: featureNames, weights: w.map((v) => Number(v.toFixed(4))), threshold: Number(threshold.toFixed(4)) }, null, 2)}\n`,
);
