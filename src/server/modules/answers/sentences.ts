// A guide as sentences, each with the section it stands in: what an extractive answer is made of.
import type { GuideBlock, GuideDocument } from '../../../shared/guides.js';
import { overviewAnchor } from '../../../shared/guides.js';
import { regionsByCountry } from '../../../shared/jurisdictions.js';
import { inlineText } from '../guides/markdown.js';
import { termsOf } from '../guides/terms.js';

export interface GuideSentence {
  text: string;
  /** The section's anchor on the guide page, and its heading. */
  anchor: string;
  heading: string;
  /** Its search terms, once. */
  terms: Set<string>;
  /** An item of a list (a step, an example), rather than running text. */
  listItem: boolean;
  /** The first sentence of its paragraph or list item (a step's bold lead). */
  leads: boolean;
  /** The state a list item is about when its lead names only that ("**Texas.** The landlord …"). */
  place?: string;
}

const stateNames = new Set(regionsByCountry.US!.regions.map((region) => region.name));

/** "Texas." or "New York:" as a list item's lead: the rest of the item is about that state. */
function leadPlace(sentence: string): string | undefined {
  const name = sentence.replace(/[.:]$/, '').trim();
  return stateNames.has(name) ? name : undefined;
}

// A sentence ends at ., ! or ? (or one of them and a closing quote or bracket) before a space
// and a capital, digit or quote; "U.S." and "e.g." stay inside their sentence.
const sentenceEnd = /(?<=[.!?]["”’)]?)\s+(?=["“(]?[A-Z0-9$])/;
const abbreviation =
  /(?:\b(?:U\.S|e\.g|i\.e|No|Mr|Ms|Dr|St|Jr|Inc|Co|vs|v|Gen|Stat|Sec|Ann|Rev))\.$/;

export function splitSentences(text: string): string[] {
  const pieces = text.split(sentenceEnd);
  const out: string[] = [];
  for (const piece of pieces) {
    const previous = out.at(-1);
    if (previous !== undefined && abbreviation.test(previous))
      out[out.length - 1] = `${previous} ${piece}`;
    else out.push(piece);
  }
  return out.map((sentence) => sentence.trim()).filter((sentence) => sentence.length > 0);
}

function blockSentences(
  blocks: GuideBlock[],
  section: { anchor: string; heading: string },
  listItem: boolean,
  into: GuideSentence[],
) {
  for (const block of blocks) {
    if (block.type === 'paragraph') {
      const sentences = splitSentences(inlineText(block.children).replace(/\s+/g, ' '));
      const place = listItem && sentences.length > 1 ? leadPlace(sentences[0]!) : undefined;
      sentences.forEach((text, index) => {
        if (place && index === 0) return;
        into.push({
          text,
          ...section,
          terms: new Set(termsOf(text)),
          listItem,
          leads: index === (place ? 1 : 0),
          ...(place ? { place } : {}),
        });
      });
    } else if (block.type === 'list') {
      for (const item of block.items) blockSentences(item, section, true, into);
    } else if (block.type === 'blockquote') {
      blockSentences(block.children, section, listItem, into);
    }
  }
}

const cache = new WeakMap<GuideDocument, GuideSentence[]>();

/** The guide's summary, introduction and sections as sentences, in reading order. */
export function sentencesOf(guide: GuideDocument): GuideSentence[] {
  const cached = cache.get(guide);
  if (cached) return cached;
  const overview = { anchor: overviewAnchor, heading: 'Overview' };
  const out: GuideSentence[] = [];
  // The summary's first sentence says what the guide is about; the rest state facts.
  for (const text of splitSentences(guide.summary.replace(/\s+/g, ' ')).slice(1)) {
    out.push({ text, ...overview, terms: new Set(termsOf(text)), listItem: false, leads: false });
  }
  blockSentences(guide.intro, overview, false, out);
  for (const section of guide.sections) {
    blockSentences(
      section.blocks,
      { anchor: section.anchor, heading: section.heading },
      false,
      out,
    );
  }
  cache.set(guide, out);
  return out;
}
