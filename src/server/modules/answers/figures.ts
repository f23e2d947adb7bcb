// A model's answer is checked after it is written: every figure (number, amount, date, time
// limit) in a sentence that cites passages must stand in one of them. What does not is logged,
// and counted by eval:answers.
import type { GuidePassage } from '../../../shared/guides.js';

const numberWords =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred';
const figurePattern = new RegExp(`\\$?\\d[\\d,]*(?:\\.\\d+)?%?|\\b(?:${numberWords})\\b`, 'gi');
const citation = /\[(\d{1,3})\]/g;

const normal = (text: string) => text.toLowerCase().replace(/[$,%]/g, '');

/** The figures of cited sentences that none of the passages they cite contains. */
export function unsupportedFigures(text: string, passages: readonly GuidePassage[]): string[] {
  const missing: string[] = [];
  // Sentences end at a citation or a line; the answers are short, so this is one pass.
  for (const sentence of text.slice(0, 20_000).split(/(?<=\])\s+|\n+/)) {
    const cited = [...sentence.matchAll(citation)]
      .map((match) => passages[Number(match[1]) - 1])
      .filter((passage): passage is GuidePassage => passage !== undefined)
      .map((passage) => normal(passage.text));
    if (cited.length === 0) continue;
    for (const match of sentence.replace(citation, '').matchAll(figurePattern)) {
      const figure = normal(match[0]);
      if (!cited.some((passage) => passage.includes(figure))) missing.push(match[0]);
    }
  }
  return missing;
}
