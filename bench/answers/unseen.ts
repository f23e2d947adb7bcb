// Prints the gate's and the guide choice's figures on the questions nobody tuned them on
// (unseen-figures.ts) and writes them for /accuracy to publish. Usage: npm run eval:unseen
import { writeFileSync } from 'node:fs';
import { loadGuideLibrary } from '../../src/server/modules/guides/loader';
import { describeMachine } from '../support/machine';
import { unseenFigures, unseenResultsFile } from './unseen-figures';

const share = ({ count, of }: { count: number; of: number }) =>
  `${((100 * count) / of).toFixed(1)}% (${count}/${of})`;

const figures = unseenFigures(loadGuideLibrary());
console.log(`eval:unseen, library mode; machine: ${describeMachine()}`);
console.log(`covered, wrongly declined              ${share(figures.wronglyDeclined)}`);
console.log(`covered, answered from the right guide ${share(figures.rightGuide)}`);
for (const [kind, counts] of Object.entries(figures.declined)) {
  console.log(`${kind.padEnd(38)} declined ${share(counts)}`);
}
writeFileSync(
  unseenResultsFile,
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), ...figures }, null, 2)}\n`,
);
console.log(`wrote ${unseenResultsFile}`);
