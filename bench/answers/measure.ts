// What the answers' evaluation measures in one reply: the first paragraph, its citations, whether
// each cited figure stands in the passage it cites, the reading grade. No I/O: the runner feeds it.
import type { GuideLibrary } from '../../src/server/modules/guides/loader';
import { blocksText } from '../../src/server/modules/guides/markdown';
import { readingGrade } from '../../src/server/modules/guides/reading-grade';
import { figureText, figuresIn } from '../../src/server/modules/answers/figures';
import { overviewAnchor } from '../../src/shared/guides';

export interface Reply {
  text: string;
  /** The reply's sources, in order: [1] is the first. */
  sources: { url: string }[];
  charged: number;
  placement: string | undefined;
  /** Milliseconds from the send to the first words. */
  firstWordMs: number;
}

/** The first paragraph, as a reader sees it first. */
export function firstParagraph(text: string): string {
  return text.trim().split(/\n\s*\n/)[0] ?? '';
}

export const citationMarker = /\[(\d{1,3})\]/g;

/** Every [n] names a source the reply gave. */
export function citationsValid(reply: Reply): { markers: number; valid: number } {
  let markers = 0;
  let valid = 0;
  for (const match of reply.text.matchAll(citationMarker)) {
    markers += 1;
    const n = Number(match[1]);
    if (n >= 1 && n <= reply.sources.length) valid += 1;
  }
  return { markers, valid };
}

/** The plain text of the guide section a source URL points to (`/guides/<slug>#<anchor>`). */
export function passageText(library: GuideLibrary, url: string): string | undefined {
  const match = /^\/guides\/([^#]+)#(.+)$/.exec(url);
  if (!match) return undefined;
  const guide = library.bySlug.get(decodeURIComponent(match[1]!));
  if (!guide) return undefined;
  const anchor = decodeURIComponent(match[2]!);
  if (anchor === overviewAnchor) return `${guide.summary}\n${blocksText(guide.intro)}`;
  const section = guide.sections.find((s) => s.anchor === anchor);
  return section ? blocksText(section.blocks) : undefined;
}

/**
 * Sentences that state a figure and cite a passage: supported when every figure stands in a
 * passage the sentence cites.
 */
export function citationSupport(
  library: GuideLibrary,
  reply: Reply,
): { stated: number; supported: number; unsupported: string[] } {
  let stated = 0;
  let supported = 0;
  const unsupported: string[] = [];
  for (const sentence of reply.text.split(/(?<=\])\s+|\n+/)) {
    const cited = [...sentence.matchAll(citationMarker)].map((m) => Number(m[1]));
    if (cited.length === 0) continue;
    const figures = figuresIn(sentence);
    if (figures.length === 0) continue;
    stated += 1;
    const texts = cited
      .map((n) => reply.sources[n - 1])
      .map((source) => (source ? passageText(library, source.url) : undefined))
      .filter((text): text is string => text !== undefined)
      .map(figureText);
    const ok = figures.every((figure) => texts.some((text) => text.includes(figure)));
    if (ok) supported += 1;
    else unsupported.push(sentence.trim());
  }
  return { stated, supported, unsupported };
}

/** Reading grade of the first paragraph, citations and Markdown aside. */
export function firstParagraphGrade(text: string): number {
  return readingGrade(
    firstParagraph(text)
      .replace(citationMarker, '')
      .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
      .replace(/[*_`]/g, ''),
  );
}

const numberWords = new Map(
  'one two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((word, i) => [word, String(i + 1)]),
);
for (const [word, value] of Object.entries({
  fifteen: '15',
  twenty: '20',
  thirty: '30',
  sixty: '60',
  ninety: '90',
}))
  numberWords.set(word, value);

/**
 * Text as a fact is looked for in it: lower case, numbers as digits ("three days" and "3 days"
 * state the same fact), units in the singular ("14-day" and "14 days"), plain quotes.
 */
export function factText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[a-z]+/g, (word) => numberWords.get(word) ?? word)
    .replace(/(\d)-(?=[a-z])/g, '$1 ')
    .replace(/\b(day|week|month|year|hour|point|time|employee|witness)s\b/g, '$1')
    .replace(/\s+/g, ' ');
}

/** The first paragraph states one of the expected facts. */
export function statesExpected(text: string, expected: readonly string[]): boolean {
  const first = factText(firstParagraph(text));
  return expected.some((fact) => first.includes(factText(fact)));
}
