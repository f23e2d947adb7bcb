// Areas of law that no guide covers, by the words that name them: a question that names one is
// declined as not covered, free, unless the guide it reached takes up that word in its own
// title, keywords, headings or questions (leave to adopt a child is the family-leave guide's;
// adopting a child is not). The gate learns from examples; this is what it cannot learn from
// them: fields it has never seen asked about. Decision 0158.
import type { GuideDocument } from '../../../shared/guides.js';
import { blocksText } from '../guides/markdown.js';
import { words } from '../guides/terms.js';
import uncoveredAreas from './uncovered-areas.json' with { type: 'json' };

/** Each area, and the words or phrases that name it (lower case, as people type them). */
const areas = uncoveredAreas as Record<string, string[]>;

interface NamedArea {
  area: string;
  /** The phrase's words, in order: matched as written ("adopting", not "adopted"). */
  words: string[];
}

const named: NamedArea[] = Object.entries(areas).flatMap(([area, phrases]) =>
  phrases.map((phrase) => ({ area, words: words(phrase) })),
);
/** The longest phrase, in words. */
const longest = Math.max(...named.map((phrase) => phrase.words.length));
/** Each phrase (its words joined by a space) to its place in the list. */
const byText = new Map(named.map((phrase, i) => [phrase.words.join(' '), i]));

/** How often each run of one to `longest` words occurs in the text. */
function runsOf(text: readonly string[]): Map<string, number> {
  const runs = new Map<string, number>();
  for (let i = 0; i < text.length; i++) {
    let run = '';
    for (let n = 0; n < longest && i + n < text.length; n++) {
      run = n === 0 ? text[i]! : `${run} ${text[i + n]!}`;
      runs.set(run, (runs.get(run) ?? 0) + 1);
    }
  }
  return runs;
}

/**
 * The phrases (by their place in the list) a guide takes up: named in its title, summary,
 * keywords, headings or questions, or at least twice in its text ("gun" in the protective
 * orders guide, "malpractice" in the deadlines to sue).
 */
export function phrasesTakenUp(guide: GuideDocument): Set<number> {
  const topic = runsOf(
    words(
      [
        guide.title,
        guide.summary,
        guide.keywords.join(' '),
        ...guide.sections.map((section) => section.heading),
        ...guide.questions.flatMap((question) => [question.ask, ...question.also]),
      ].join(' '),
    ),
  );
  const body = runsOf(
    words(
      [
        blocksText(guide.intro),
        ...guide.sections.map((section) => blocksText(section.blocks)),
      ].join(' '),
    ),
  );
  const taken = new Set<number>();
  for (const run of topic.keys()) {
    const i = byText.get(run);
    if (i !== undefined) taken.add(i);
  }
  for (const [run, count] of body) {
    const i = byText.get(run);
    if (i !== undefined && count >= 2) taken.add(i);
  }
  return taken;
}

/** The phrases each guide takes up, worked out once per guide (by its slug). */
export function phrasesTakenUpByGuide(): (guide: GuideDocument) => Set<number> {
  const taken = new Map<string, Set<number>>();
  return (guide) => {
    let phrases = taken.get(guide.slug);
    if (!phrases) taken.set(guide.slug, (phrases = phrasesTakenUp(guide)));
    return phrases;
  };
}

/**
 * The area no guide covers that the question names ("can i patent my app idea"), unless the
 * guide it reached takes up the same phrase. `written`: the question's words (`words()`).
 */
export function uncoveredAreaOf(
  written: readonly string[],
  takenUp: ReadonlySet<number>,
): string | undefined {
  for (const run of runsOf(written).keys()) {
    const i = byText.get(run);
    if (i !== undefined && !takenUp.has(i)) return named[i]!.area;
  }
  return undefined;
}

/**
 * The text names a field no guide covers in two words or more ("contest a will", "child labor"):
 * a legal question, declined as one we do not cover rather than as not legal. One word alone
 * ("bitcoin", "gun") may be everyday talk.
 */
export function namesUncoveredField(written: readonly string[]): boolean {
  for (const run of runsOf(written).keys()) {
    const i = byText.get(run);
    if (i !== undefined && named[i]!.words.length >= 2) return true;
  }
  return false;
}
