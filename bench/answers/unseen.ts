// The gate and the guide choice asked questions nobody tuned them on (bench/answers/unseen/,
// written from the guides alone by someone who had seen neither the code nor the other sets):
// how many of those to decline are declined, how many covered ones are wrongly declined, and how
// often the right guide answers. Library mode, single questions, the service called directly.
// Usage: npm run eval:unseen
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadGuideLibrary } from '../../src/server/modules/guides/loader';
import { createGuidesService } from '../../src/server/modules/guides/service';
import { createAnswersService } from '../../src/server/modules/answers/service';
import { describeMachine } from '../support/machine';

const dir = 'bench/answers/unseen';
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T[];
const guides = createGuidesService({ library: loadGuideLibrary() });
const answers = createAnswersService({ guides, selfHelpFor: () => undefined });
const nowhere = { country: null, region: null };
const asked = (text: string) => ({ text, earlier: [], profile: nowhere });
/** Declined as the chat would: by the gate, or for want of any guide question near it. */
const isDeclined = (text: string) => answers.plan(asked(text), false).placement !== 'covered';
const share = (count: number, of: number) => `${((100 * count) / of).toFixed(1)}% (${count}/${of})`;

console.log(`eval:unseen, library mode; machine: ${describeMachine()}`);
const covered = read<{ question: string; guide: string }>('covered.json');
let declined = 0;
let rightGuide = 0;
for (const { question, guide } of covered) {
  const placement = answers.place(asked(question));
  if (isDeclined(question)) declined += 1;
  else if (placement.kind === 'covered' && placement.guide.slug === guide) rightGuide += 1;
}
console.log(`covered, wrongly declined             ${share(declined, covered.length)}`);
console.log(`covered, answered from the right guide ${share(rightGuide, covered.length)}`);
let allDeclined = 0;
let all = 0;
for (const file of ['not-legal.json', 'uncovered.json', 'other-voices.json']) {
  const questions = read<string>(file);
  const count = questions.filter(isDeclined).length;
  allDeclined += count;
  all += questions.length;
  console.log(
    `${path.basename(file, '.json').padEnd(38)} declined ${share(count, questions.length)}`,
  );
}
console.log(`${'all to decline'.padEnd(38)} declined ${share(allDeclined, all)}`);
