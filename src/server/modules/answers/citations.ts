// How an answer quotes the guide: each sentence as one line, without bracketed statute names,
// followed by the number of the section it comes from ([1] is the first section cited), and the
// section of the guide that holds a sentence: where its citation points.
import { overviewAnchor, type GuideDocument } from '../../../shared/guides.js';
import { blocksText } from '../guides/markdown.js';

export interface CitedSection {
  slug: string;
  guideTitle: string;
  anchor: string;
  heading: string;
}

/** A sentence of the guide, with the section it stands in and the state its list item is about. */
export interface Quotable {
  text: string;
  anchor: string;
  heading: string;
  place?: string | undefined;
}

/** A statute or rule named in brackets: the cited passage names it, the answer need not. */
const lawInBrackets =
  /\s*\((?=[^()]*(?:\bsection|\bsections|\bCode\b|\bLaw\b|\bAct\b|\bCFR\b|U\.S\.C\.|\bRule\b|\bStat\b|§))[^()]{1,160}\)/g;

/** An abbreviation in brackets after its full name ("(EEOC)", "(BAC)"): the name says it. */
const abbreviationInBrackets = /\s\([A-Z][A-Za-z]{1,7}\)(?=[\s.,;:])/g;

/** A quoted sentence as it reads in an answer: one line, without bracketed statute names. */
export function plain(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(lawInBrackets, '')
    .replace(abbreviationInBrackets, '')
    .trim();
}

/**
 * A list item quoted alone reads as a sentence: its first letter capital, its closing ";", "; or"
 * or ":" a full stop, and a full stop where it has none. The words stay the guide's.
 */
export function asSentence(text: string): string {
  const ended = text.replace(/\s*(?:[:;,]|; (?:or|and))$/, '.');
  const stopped = /[.!?]["”’)]?$/.test(ended) ? ended : `${ended}.`;
  return stopped.charAt(0).toUpperCase() + stopped.slice(1);
}

/** Quotes sentences of one guide and numbers the sections they come from, in order of use. */
export function createCiter(guide: GuideDocument) {
  const cited: CitedSection[] = [];
  const placed = new Set<string>();
  const cite = (anchor: string, heading: string) => {
    let index = cited.findIndex((section) => section.anchor === anchor);
    if (index < 0) {
      cited.push({ slug: guide.slug, guideTitle: guide.title, anchor, heading });
      index = cited.length - 1;
    }
    return `[${index + 1}]`;
  };
  const quote = (sentence: Quotable) => {
    const text = asSentence(plain(sentence.text));
    const where =
      sentence.place && !text.includes(sentence.place) && !placed.has(sentence.place)
        ? `${sentence.place}: `
        : '';
    if (sentence.place) placed.add(sentence.place);
    return `${where}${text} ${cite(sentence.anchor, sentence.heading)}`;
  };
  return { cited, quote };
}

export type Citer = ReturnType<typeof createCiter>;

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const sectionTexts = new WeakMap<
  GuideDocument,
  { anchor: string; heading: string; text: string }[]
>();

/** The section of the guide whose text holds a sentence: where its citation points. */
export function sectionHolding(
  guide: GuideDocument,
  sentence: string,
): { anchor: string; heading: string } | undefined {
  let texts = sectionTexts.get(guide);
  if (!texts) {
    texts = [
      {
        anchor: overviewAnchor,
        heading: 'Overview',
        text: squeeze(`${guide.summary}\n${blocksText(guide.intro)}`),
      },
      ...guide.sections.map((section) => ({
        anchor: section.anchor,
        heading: section.heading,
        text: squeeze(blocksText(section.blocks)),
      })),
    ];
    sectionTexts.set(guide, texts);
  }
  const wanted = squeeze(sentence);
  const found = texts.find((section) => section.text.includes(wanted));
  return found && { anchor: found.anchor, heading: found.heading };
}
