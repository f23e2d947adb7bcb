// The guide-choice model's training (guide-choice.ts): its examples, a softmax regression
// trained by stochastic gradient descent, and each example's likelihoods from a model that did
// not see it (out of fold). Used by train-guide-choice.ts, and by train-gate.ts, whose feature
// "likeliest guide" must not be learned from likelihoods the model was trained on.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnswersService } from '../../src/server/modules/answers/service';
import type { GuidesService } from '../../src/server/modules/guides/service';
import { readQuestions } from './questions';

const retrievalDir = 'bench/retrieval/questions';
const trainingDir = 'bench/answers/training';

export interface GuideChoiceDatum {
  text: string;
  terms: [string, number][];
  y: number;
}

export interface GuideChoiceModel {
  bias: number[];
  terms: Map<string, number[]>;
}

/**
 * Every guide's own questions (each way of asking), the guide search's questions, the gate's
 * covered questions written with their guide, and the answers' tuning set (never the held-out).
 */
export function guideChoiceData(guides: GuidesService, answers: AnswersService) {
  const slugs = guides.listGuides().map((guide) => guide.slug);
  const indexOf = new Map(slugs.map((slug, i) => [slug, i]));
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
  const data: GuideChoiceDatum[] = examples.map(({ text, slug }) => ({
    text,
    terms: [...answers.guideChoiceInput(text)],
    y: indexOf.get(slug)!,
  }));
  return { slugs, data };
}

export function guideChoiceScores(
  model: GuideChoiceModel,
  terms: readonly [string, number][],
): number[] {
  const z = [...model.bias];
  for (const [term, weight] of terms) {
    const w = model.terms.get(term);
    if (w) for (let c = 0; c < z.length; c++) z[c]! += w[c]! * weight;
  }
  const most = Math.max(...z);
  const exp = z.map((value) => Math.exp(value - most));
  const sum = exp.reduce((total, value) => total + value, 0);
  return exp.map((value) => value / sum);
}

/** Stochastic gradient descent in a fixed order: the same data gives the same model. */
export function trainGuideChoice(set: GuideChoiceDatum[], classes: number): GuideChoiceModel {
  const model: GuideChoiceModel = { bias: new Array<number>(classes).fill(0), terms: new Map() };
  const l2 = 0.002;
  for (let epoch = 0; epoch < 30; epoch++) {
    const rate = 0.3 / (1 + epoch * 0.2);
    for (let k = 0; k < set.length; k++) {
      const d = set[(k * 7919) % set.length]!;
      const p = guideChoiceScores(model, d.terms);
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

export const guideChoiceFolds = 5;

/** Each example's likelihoods from a model trained on the other folds. */
export function outOfFoldLikelihoods(data: GuideChoiceDatum[], classes: number): number[][] {
  const out = new Array<number[]>(data.length);
  for (let fold = 0; fold < guideChoiceFolds; fold++) {
    const model = trainGuideChoice(
      data.filter((_, i) => i % guideChoiceFolds !== fold),
      classes,
    );
    data.forEach((d, i) => {
      if (i % guideChoiceFolds === fold) out[i] = guideChoiceScores(model, d.terms);
    });
  }
  return out;
}
