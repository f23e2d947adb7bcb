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

/** Words of a question that asks for a figure of any kind. */
export const figureWords =
  /\b(?:how (?:long|much|many|soon|fast|late|old|often)|when|deadline|limit|max(?:imum)?|minimum|most|least|days?|weeks?|months?|years?|amount|cap|percent|rate|fee|cost|owe|due|time limit|statute of limitations)\b/i;

/** The kind of figure a question asks for, read from how it asks. */
export type FigureKind = 'duration' | 'money' | 'count' | 'age' | 'any';

export const figurePatterns: Record<Exclude<FigureKind, 'any'>, RegExp> = {
  duration:
    /\b(?:\d+(?:st|nd|rd|th)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)[- ](?:calendar |business |working )?(?:days?|weeks?|months?|years?|hours?)\b|\b(?:immediately|next (?:regular )?payday)\b/i,
  money:
    /\$\s?\d|\b\d+(?:\.\d+)?\s?(?:percent|%)|\b\d*\.\d+\b|\b(?:one|two|three|half|one and a half) months?['\u2019]?s? rent\b|\btwice\b|\bthree times\b/i,
  count: /\b\d+\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\b/i,
  age: /\b\d{2}\b|\bage\b/i,
};

/** "How long" wants a duration, "how much" an amount, "how many" a number, "what age" an age. */
export function figureKindOf(question: string): FigureKind | undefined {
  const text = question.toLowerCase();
  if (/\b(?:what|which) age\b|\bhow old\b|\buntil what age\b|\btill what age\b/.test(text))
    return 'age';
  // Two plain tests rather than one pattern with a gap between them: linear on any text.
  const asksWhen =
    /\bwhen (?:is|are|do|does|must|should|were|was|will|can|am)\b/.test(text) &&
    /\b(?:due|back|paid|pay|file|expire|expires|end|ends|send|return|supposed)\b/.test(text);
  // "I missed the deadline, what happens?" asks what follows, not how long the time is.
  const pastTheLimit =
    /\b(?:missed|passed|blew|after)\b/.test(text) && /\bwhat (?:happens|now|can i do)\b/.test(text);
  // "It was four years ago, can I still sue?" and "is it too late" ask whether time is left.
  const stillInTime =
    /\btoo late\b/.test(text) ||
    (/\b(?:can|could) (?:i|we|they|he|she|you|it) still\b/.test(text) &&
      /\bago\b|\b(?:19|20)\d\d\b|\b\d+ (?:years?|months?|weeks?|days?)\b/.test(text));
  if (
    asksWhen ||
    stillInTime ||
    /\bhow (?:long|soon|fast|quickly|late|early)\b|\bhow much (?:notice|time|heads up|warning)\b|\bhow far back\b|\bhow many (?:days|weeks|months|years|hours)\b/.test(
      text,
    ) ||
    (!pastTheLimit && /\bdeadline\b|\btime limit\b|\bstatute of limitations?\b/.test(text))
  )
    return 'duration';
  if (
    /\bhow much\b|\bmax(?:imum)?\b|\bmost\b|\blimit\b|\bcap\b|\bminimum\b|\bcost\b|\bfees?\b|\bpercent|\brate\b|\bwhat can i get\b|\bwhat (?:%|percentage)/.test(
      text,
    )
  )
    return 'money';
  if (/\bhow many\b/.test(text)) return 'count';
  return undefined;
}
