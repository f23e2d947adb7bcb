// Retrieval quality and speed of the guide search, on the questions in
// bench/retrieval/questions/<area>.json (how people write them, typos and all). Usage:
//   npm run eval:retrieval                 (reads the guides from content/guides)
// Environment: EVAL_JURISDICTION=US-CA searches as a person in that state; EVAL_VERBOSE=1 lists
// every question whose expected guide is not first; EVAL_TIMING_ROUNDS (default 20) rounds of
// every question for the timing.
// A question counts as found at k when one of its expected guides is among the first k distinct
// guides of the passages the search returns (the chat and the search box both read passages).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadGuideLibrary } from '../src/server/modules/guides/loader';
import { createGuidesService } from '../src/server/modules/guides/service';
import { describeMachine } from './support/machine';
import { numberFromEnv } from './support/options';

const questionsDir = 'bench/retrieval/questions';
const questionFileSchema = z.array(
  z.strictObject({
    question: z.string().min(3).max(300),
    expected: z.array(z.string()).min(1),
  }),
);

const jurisdiction = process.env.EVAL_JURISDICTION || null;
const verbose = process.env.EVAL_VERBOSE === '1';
const timingRounds = Math.max(1, numberFromEnv('EVAL_TIMING_ROUNDS', 20));

const started = performance.now();
const library = loadGuideLibrary();
const loadedMs = performance.now() - started;
const guides = createGuidesService({ library });
const indexedMs = performance.now() - started - loadedMs;

interface Question {
  area: string;
  question: string;
  expected: string[];
}

const questions: Question[] = readdirSync(questionsDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .flatMap((file) => {
    const area = path.basename(file, '.json');
    const parsed = questionFileSchema.parse(
      JSON.parse(readFileSync(path.join(questionsDir, file), 'utf8')),
    );
    return parsed.map((entry) => ({ area, ...entry }));
  });

const unknown = questions.flatMap((q) => q.expected.filter((slug) => !library.bySlug.has(slug)));
if (unknown.length > 0) console.warn(`expected guides that do not exist: ${[...new Set(unknown)]}`);

/** The distinct guides of the results, in the order they first appear. */
function rankedGuides(query: string): string[] {
  const passages = guides.searchPassages({ query, jurisdiction, limit: 20 });
  return [...new Set(passages.map((passage) => passage.slug))];
}

interface Tally {
  count: number;
  at1: number;
  at3: number;
  reciprocal: number;
}
const empty = (): Tally => ({ count: 0, at1: 0, at3: 0, reciprocal: 0 });
const byArea = new Map<string, Tally>();
const overall = empty();
const misses: string[] = [];

for (const q of questions) {
  const ranked = rankedGuides(q.question);
  const rank = ranked.findIndex((slug) => q.expected.includes(slug)) + 1;
  for (const tally of [overall, byArea.get(q.area) ?? byArea.set(q.area, empty()).get(q.area)!]) {
    tally.count += 1;
    if (rank === 1) tally.at1 += 1;
    if (rank >= 1 && rank <= 3) tally.at3 += 1;
    if (rank >= 1) tally.reciprocal += 1 / rank;
  }
  if (rank !== 1) {
    misses.push(
      `  ${rank === 0 ? 'not found' : `rank ${rank}`}: "${q.question}" wants ${q.expected.join(' or ')}; got ${ranked.slice(0, 3).join(', ')}`,
    );
  }
}

// Timing: every question, several rounds, after one warm-up round.
for (const q of questions) guides.searchPassages({ query: q.question, jurisdiction });
const times: number[] = [];
for (let round = 0; round < timingRounds; round += 1) {
  for (const q of questions) {
    const t0 = performance.now();
    guides.searchPassages({ query: q.question, jurisdiction, limit: 8 });
    times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;

const fmt = (value: number) => value.toFixed(3);
const row = (name: string, t: Tally) =>
  `${name.padEnd(16)} ${String(t.count).padStart(4)}  ${fmt(t.at1 / t.count)}     ${fmt(t.at3 / t.count)}     ${fmt(t.reciprocal / t.count)}`;

const passageCount = library.guides.reduce((sum, guide) => sum + guide.sections.length + 1, 0);
console.log(
  `guide retrieval: ${library.guides.length} guides, ${passageCount} passages, ${questions.length} questions` +
    (jurisdiction ? `, searching as ${jurisdiction}` : ''),
);
console.log(`machine: ${describeMachine()}`);
console.log(`load (parse Markdown) ${loadedMs.toFixed(0)} ms, index ${indexedMs.toFixed(0)} ms\n`);
console.log('area            count  recall@1  recall@3  MRR');
for (const [area, tally] of [...byArea].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(row(area, tally));
}
console.log(row('overall', overall));
console.log(
  `\nsearch time over ${times.length} searches: p50 ${percentile(0.5).toFixed(2)} ms, p90 ${percentile(0.9).toFixed(2)} ms, p99 ${percentile(0.99).toFixed(2)} ms`,
);
const recall3 = overall.at3 / overall.count;
console.log(
  `targets: recall@3 >= 0.9 (${recall3 >= 0.9 ? 'met' : 'NOT MET'}), p50 < 5 ms (${percentile(0.5) < 5 ? 'met' : 'NOT MET'})`,
);
if (verbose && misses.length > 0) console.log(`\nnot first:\n${misses.join('\n')}`);
