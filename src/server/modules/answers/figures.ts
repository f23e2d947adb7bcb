// A model's answer is checked after it is written: every figure (number, amount, date, time
// limit) in a sentence that cites passages must stand in one of them. What does not is logged,
// and counted by eval:answers.
import type { GuidePassage } from '../../../shared/guides.js';

const numberWords =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred';
const figurePattern = new RegExp(`\\$?\\d[\\d,]*(?:\\.\\d+)?%?|\\b(?:${numberWords})\\b`, 'gi');
const citation = /\[(\d{1,3})\]/g;

/** Text as figures are compared in it: lower case, without $ , and %. */
export const figureText = (text: string) => text.toLowerCase().replace(/[$,%]/g, '');

/** The figures a sentence states ("$12,500", "30", "three"), as compared, citations aside. */
export function figuresIn(sentence: string): string[] {
  return [...sentence.replace(citation, '').matchAll(figurePattern)].map((m) => figureText(m[0]));
}

/** The figures of cited sentences that none of the passages they cite contains. */
export function unsupportedFigures(text: string, passages: readonly GuidePassage[]): string[] {
  const missing: string[] = [];
  // Sentences end at a citation or a line; the answers are short, so this is one pass.
  for (const sentence of text.slice(0, 20_000).split(/(?<=\])\s+|\n+/)) {
    const cited = [...sentence.matchAll(citation)]
      .map((match) => passages[Number(match[1]) - 1])
      .filter((passage): passage is GuidePassage => passage !== undefined)
      .map((passage) => figureText(passage.text));
    if (cited.length === 0) continue;
    for (const figure of figuresIn(sentence)) {
      if (!cited.some((passage) => passage.includes(figure))) missing.push(figure);
    }
  }
  return missing;
}
