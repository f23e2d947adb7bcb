// Trains the guide-choice model (src/server/modules/answers/guide-choice.ts): a softmax
// regression from a question's terms to the guide that answers it, learned from every guide's
// own questions (each way of asking), the guide search's questions and the answers' tuning set
// (never the held-out set). Prints how often a model that did not see a question puts its guide
// first (out of fold). Usage: npm run train:guide-choice
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadGuideLibrary } from '../../src/server/modules/guides/loader';
import { createGuidesService } from '../../src/server/modules/guides/service';
import { createAnswersService } from '../../src/server/modules/answers/service';
import { readQuestions } from './questions';

const modelFile = 'src/server/modules/answers/guide-model.json';
const guides = createGuidesService({ library: loadGuideLibrary() });
const answers = createAnswersService({ guides, selfHelpFor: () => undefined });
const slugs = guides.listGuides().map((guide) => guide.slug);
const indexOf = new Map(slugs.map((slug, i) => [slug, i]));

const retrievalDir = 'bench/retrieval/questions';
const trainingDir = 'bench/answers/training';
const examples: { text: string; slug: string }[] = [
  ...slugs.flatMap((slug) =>
    guides
      .getGuide(slug)!
      .questions.flatMap((question) => [question.ask, ...question.also])
      .map((text) => ({ text, slug })),
  ),
  ...readdirSync(retrievalDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (
        JSON.parse(readFileSync(path.join(retrievalDir, file), 'utf8')) as {
          question: string;
          expected: string[];
        }[]
      ).map((entry) => ({ text: entry.question, slug: entry.expected[0]! })),
    ),
  // The gate's covered questions written with the guide that answers them.
  ...readdirSync(trainingDir)
    .filter((file) => file.startsWith('covered') && file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(path.join(trainingDir, file), 'utf8')) as unknown[]).flatMap(
        (entry) =>
          typeof entry === 'object' && entry !== null && 'guide' in entry
            ? [entry as { question: string; guide: string }]
            : [],
      ),
    )
    .map((entry) => ({ text: entry.question, slug: entry.guide })),
  ...readQuestions('tune')
    .filter((q) => q.type === 'covered' && !q.history && q.guide)
    .map((q) => ({ text: q.question, slug: q.guide! })),
];

interface Datum {
  terms: [string, number][];
  y: number;
}
const data: Datum[] = examples.map(({ text, slug }) => ({
  terms: [...answers.guideChoiceInput(text)],
  y: indexOf.get(slug)!,
}));

interface Model {
  bias: number[];
  terms: Map<string, number[]>;
}
const classes = slugs.length;

function scores(model: Model, d: Datum): number[] {
  const z = [...model.bias];
  for (const [term, weight] of d.terms) {
    const w = model.terms.get(term);
    if (w) for (let c = 0; c < classes; c++) z[c]! += w[c]! * weight;
  }
  const most = Math.max(...z);
  const exp = z.map((value) => Math.exp(value - most));
  const sum = exp.reduce((total, value) => total + value, 0);
  return exp.map((value) => value / sum);
}

/** Stochastic gradient descent in a fixed order: the same data gives the same model. */
function train(set: Datum[]): Model {
  const model: Model = { bias: new Array<number>(classes).fill(0), terms: new Map() };
  const l2 = 0.002;
  for (let epoch = 0; epoch < 30; epoch++) {
    const rate = 0.3 / (1 + epoch * 0.2);
    for (let k = 0; k < set.length; k++) {
      const d = set[(k * 7919) % set.length]!;
      const p = scores(model, d);
      for (let c = 0; c < classes; c++) {
        const error = p[c]! - (c === d.y ? 1 : 0);
        model.bias[c]! -= rate * error * 0.1;
        for (const [term, weight] of d.terms) {
          let w = model.terms.get(term);
          if (!w) model.terms.set(term, (w = new Array<number>(classes).fill(0)));
          w[c]! -= rate * (error * weight + l2 * w[c]!);
        }
      }
    }
  }
  return model;
}

const folds = 5;
let right = 0;
for (let fold = 0; fold < folds; fold++) {
  const model = train(data.filter((_, i) => i % folds !== fold));
  data.forEach((d, i) => {
    if (i % folds !== fold) return;
    const p = scores(model, d);
    if (p.indexOf(Math.max(...p)) === d.y) right += 1;
  });
}
console.log(
  `examples: ${data.length}; out of fold, the right guide first: ${right}/${data.length}`,
);

const model = train(data);
const terms: Record<string, number[]> = {};
for (const [term, w] of [...model.terms].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const kept = w.flatMap((value, c) =>
    Math.abs(value) >= 0.05 ? [c, Number(value.toFixed(2))] : [],
  );
  if (kept.length > 0) terms[term] = kept;
}
console.log(`${Object.keys(terms).length} terms weighed`);
writeFileSync(
  modelFile,
  `${JSON.stringify({ guides: slugs, bias: model.bias.map((b) => Number(b.toFixed(3))), terms })}\n`,
);
