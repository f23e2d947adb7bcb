// Trains the guide-choice model (src/server/modules/answers/guide-choice.ts): a softmax
// regression from a question's terms to the guide that answers it, learned from every guide's
// own questions (each way of asking), the guide search's questions and the answers' tuning set
// (never the held-out set). Prints how often a model that did not see a question puts its guide
// first (out of fold). Usage: npm run train:guide-choice
import { writeFileSync } from 'node:fs';
import { loadGuideLibrary } from '../../src/server/modules/guides/loader';
import { createGuidesService } from '../../src/server/modules/guides/service';
import { createAnswersService } from '../../src/server/modules/answers/service';
import { guideChoiceData, outOfFoldLikelihoods, trainGuideChoice } from './guide-choice-training';

const modelFile = 'src/server/modules/answers/guide-model.json';
const guides = createGuidesService({ library: loadGuideLibrary() });
const answers = createAnswersService({ guides, selfHelpFor: () => undefined });
const { slugs, data } = guideChoiceData(guides, answers);
const classes = slugs.length;

const right = outOfFoldLikelihoods(data, classes).filter(
  (p, i) => p.indexOf(Math.max(...p)) === data[i]!.y,
).length;
console.log(
  `examples: ${data.length}; out of fold, the right guide first: ${right}/${data.length}`,
);

const model = trainGuideChoice(data, classes);
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
