// The answers' evaluation questions (bench/answers/questions/<set>/<type>.json): how they are
// read and checked. `tune` is what the gate and the composer were tuned on; `held-out` never is.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const questionTypes = [
  'covered',
  'uncovered',
  'non-legal',
  'small-talk',
  'other-language',
] as const;

const questionSchema = z.strictObject({
  question: z.string().min(1).max(1000),
  type: z.enum(questionTypes),
  guide: z.string().optional(),
  expect: z.array(z.string().min(1)).min(1).max(5).optional(),
  history: z.array(z.string().min(1)).optional(),
  profile: z.strictObject({ country: z.string(), region: z.string().optional() }).optional(),
  lang: z.string().optional(),
});
export type EvalQuestion = z.output<typeof questionSchema> & { set: string; file: string };

export const questionsDir = 'bench/answers/questions';
export const evalSets = ['tune', 'held-out'] as const;

export function readQuestions(set: string): EvalQuestion[] {
  const dir = path.join(questionsDir, set);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      z
        .array(questionSchema)
        .parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')))
        .map((question) => ({ ...question, set, file: path.basename(file, '.json') })),
    );
}
