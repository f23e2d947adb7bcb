// The answers' evaluation: every question of bench/answers/questions (the tuning set and the
// held-out set) asked through the real app, and measured: direct cited answers, citation
// validity and support, declines, charges on declines, reading grade, words, first-word time.
// Usage: npm run eval:answers            (library mode; writes src/shared/accuracy-results.json)
//        LLM_BASE_URL=… LLM_MODEL=… npm run eval:answers   (a model; prints only)
// EVAL_VERBOSE=1 lists the tuning set's misses (never the held-out set's).
import { writeFileSync } from 'node:fs';
import { loadGuideLibrary } from '../src/server/modules/guides/loader';
import { firstParagraph, statesExpected } from './answers/measure';
import { evalSets, readQuestions } from './answers/questions';
import { figuresOf, missedTargets, percent, timingOf, type SetFigures } from './answers/report';
import { askAll } from './answers/run';
import { describeMachine } from './support/machine';
import { modelEnv } from './support/options';

export const resultsFile = 'src/shared/accuracy-results.json';

const model = modelEnv();
const mode = model.LLM_BASE_URL ? `model ${model.LLM_MODEL ?? ''}`.trim() : 'library';

const library = loadGuideLibrary();
const questions = evalSets.flatMap((set) => readQuestions(set));
const started = performance.now();
const replies = await askAll(library, questions, model);
const seconds = (performance.now() - started) / 1000;

const sets: Record<string, SetFigures> = {};
for (const set of evalSets)
  sets[set] = figuresOf(
    library,
    replies.filter((r) => r.question.set === set),
  );
sets.all = figuresOf(library, replies);

const rows: [string, (f: SetFigures) => string][] = [
  ['questions', (f) => String(f.questions)],
  [
    'direct cited answers',
    (f) => `${percent(f.directAnswers)} (${f.directAnswers.count}/${f.directAnswers.of})`,
  ],
  [
    'citation validity',
    (f) => `${percent(f.citationValidity)} (${f.citationValidity.count}/${f.citationValidity.of})`,
  ],
  [
    'citation support',
    (f) => `${percent(f.citationSupport)} (${f.citationSupport.count}/${f.citationSupport.of})`,
  ],
  [
    'declined free (not legal, not covered)',
    (f) => `${percent(f.declinedFree)} (${f.declinedFree.count}/${f.declinedFree.of})`,
  ],
  [
    'covered wrongly declined',
    (f) => `${percent(f.wrongDeclines)} (${f.wrongDeclines.count}/${f.wrongDeclines.of})`,
  ],
  ['tokens charged on declines', (f) => String(f.chargedOnDeclines)],
  ['small talk answered', (f) => percent(f.smallTalk)],
  ['other languages answered', (f) => percent(f.otherLanguage)],
  ['first-paragraph reading grade', (f) => String(f.firstParagraphGrade)],
  ['words per answer', (f) => String(f.words)],
];
console.log(
  `eval:answers, ${mode}, ${questions.length} questions in ${seconds.toFixed(1)} s; machine: ${describeMachine()}`,
);
console.log(`${''.padEnd(40)}${['tune', 'held-out', 'all'].map((s) => s.padEnd(20)).join('')}`);
for (const [label, show] of rows) {
  console.log(
    `${label.padEnd(40)}${['tune', 'held-out', 'all'].map((s) => show(sets[s]!).padEnd(20)).join('')}`,
  );
}
const timing = timingOf(replies);
console.log(`first words after the send: p50 ${timing.p50} ms, p95 ${timing.p95} ms`);

if (process.env.EVAL_VERBOSE === '1') {
  for (const { question, reply } of replies) {
    if (question.set !== 'tune') continue;
    const first = firstParagraph(reply.text);
    const hit = statesExpected(reply.text, question.expect ?? []);
    if (question.type === 'covered' && !hit)
      console.log(
        `MISS ${question.question} | ${question.expect?.join('/')}\n    ${first.slice(0, 240)}`,
      );
    if (
      (question.type === 'uncovered' || question.type === 'non-legal') &&
      reply.placement === 'covered'
    )
      console.log(`LET THROUGH ${question.question}`);
  }
}

const missed = mode === 'library' ? missedTargets(sets.all) : [];
if (mode === 'library') {
  writeFileSync(
    resultsFile,
    `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), mode, sets }, null, 2)}\n`,
  );
  console.log(`wrote ${resultsFile}`);
  if (missed.length > 0) console.log(`below the targets: ${missed.join('; ')}`);
}
