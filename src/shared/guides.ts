// The legal guides as the server and the web app both see them. No zod here: the guide pages
// import this module, and the schema library must stay out of their chunk.

/** The areas of law the library is organised by, in the order the library page lists them. */
export const guideAreas = [
  { id: 'renting', name: 'Renting and housing' },
  { id: 'employment', name: 'Work and employment' },
  { id: 'consumer', name: 'Consumer rights and debt' },
  { id: 'courts', name: 'Courts and lawsuits' },
  { id: 'family', name: 'Family' },
  { id: 'wills-estates', name: 'Wills and estates' },
  { id: 'traffic', name: 'Traffic and driving' },
  { id: 'small-business', name: 'Small business' },
  { id: 'immigration', name: 'Immigration' },
  { id: 'police', name: 'Police and your rights' },
  { id: 'debt-relief', name: 'Bankruptcy and debt relief' },
  { id: 'public-benefits', name: 'Public benefits' },
  { id: 'health', name: 'Health care and end of life' },
  { id: 'criminal-records', name: 'Criminal records' },
  { id: 'taxes', name: 'Taxes' },
] as const;
export type GuideAreaId = (typeof guideAreas)[number]['id'];

export function guideAreaName(id: string): string {
  return guideAreas.find((area) => area.id === id)?.name ?? id;
}

/** Every guide has exactly these `##` sections, in this order. */
export const guideSectionHeadings = [
  'What the law generally says',
  'Steps to take',
  'Deadlines to watch',
  'Where the rules differ by place',
  'When to see a lawyer',
] as const;

/** The passage made of a guide's summary and introduction has this anchor (the summary's id). */
export const overviewAnchor = 'overview';

/**
 * A heading's anchor: lower case, spaces as hyphens, other punctuation dropped
 * ("Where the rules differ by place" -> "where-the-rules-differ-by-place").
 */
export function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** "US-CA" for a person in California, "US" for the United States, null when not known. */
export function jurisdictionCode(
  country: string | null | undefined,
  region: string | null | undefined,
): string | null {
  if (!country) return null;
  return region ? `${country}-${region}` : country;
}

// Guide text, parsed from Markdown at build time into this small tree. It has no node for raw
// HTML, so nothing a guide contains can become markup the page did not intend.
export type GuideInline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: GuideInline[] }
  | { type: 'emphasis'; children: GuideInline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; href: string; children: GuideInline[] }
  | { type: 'break' };

export type GuideBlock =
  | { type: 'paragraph'; children: GuideInline[] }
  | { type: 'heading'; depth: 3 | 4; id: string; children: GuideInline[] }
  | { type: 'list'; ordered: boolean; start: number | null; items: GuideBlock[][] }
  | { type: 'blockquote'; children: GuideBlock[] };

export interface GuideSource {
  title: string;
  url: string;
}

/** A figure that varies by place or over time, as the guide states it (front matter `facts`). */
export interface GuideFact {
  kind: string;
  /** "US" or a state such as "US-TX". */
  jurisdiction: string;
  value: string;
  /** The sentence as it appears in the guide's text. */
  text: string;
  source: string;
  /** ISO date the figure was last checked against its source. */
  checked: string;
  recheck?: string;
}

/** A question the guide answers, with its own sentence that answers it (front matter `questions`). */
export interface GuideQuestion {
  ask: string;
  /** Other ways people put the same question. */
  also: string[];
  /** The guide's own sentence (or two) that answers it. */
  answer: string;
  /** The kind of the guide's facts that answer it state by state. */
  fact?: string | undefined;
  /** The section that holds the answer, on the guide page. */
  anchor: string;
}

export interface GuideSection {
  anchor: string;
  heading: string;
  blocks: GuideBlock[];
}

/** What the library page and related-guide lists show of a guide. */
export interface GuideSummary {
  slug: string;
  title: string;
  summary: string;
  area: GuideAreaId;
  /** "US" for the whole United States, or a state such as "US-CA". */
  jurisdiction: string;
  /** ISO date, e.g. "2026-11-23". */
  lastReviewed: string;
}

/** What the library page and related-guide lists need of a guide: no body. */
export function guideSummaryOf(guide: GuideSummary): GuideSummary {
  const { slug, title, summary, area, jurisdiction, lastReviewed } = guide;
  return { slug, title, summary, area, jurisdiction, lastReviewed };
}

/** A whole guide, ready to render. */
export interface GuideDocument extends GuideSummary {
  /** Named only when the firm that runs the site has had the guide reviewed. */
  reviewedBy: string | null;
  keywords: string[];
  sources: GuideSource[];
  facts: GuideFact[];
  questions: GuideQuestion[];
  intro: GuideBlock[];
  sections: GuideSection[];
  /** Guides in the same area and guides this one links to. */
  related: Pick<GuideSummary, 'slug' | 'title'>[];
}

/** One searchable piece of a guide: its overview or one of its sections. */
export interface GuidePassage {
  slug: string;
  guideTitle: string;
  /** The section's id on the guide page: link to `/guides/<slug>#<anchor>`. */
  anchor: string;
  heading: string;
  /** The passage's plain text, for grounding an answer. */
  text: string;
  /** A short extract around the words that matched, for a results list. */
  snippet: string;
  score: number;
  jurisdiction: string;
}

/** Limits of the guide search, shared by the search box and the route. */
export const guideSearchLimits = {
  queryMin: 2,
  queryMax: 200,
  resultsDefault: 8,
  resultsMax: 20,
} as const;

export const guidePath = (slug: string, anchor?: string) =>
  `/guides/${slug}${anchor ? `#${anchor}` : ''}`;

/** The question "Ask the assistant about this" starts the chat with: it names the guide's topic. */
export function askQuestionFor(guide: { title: string }): string {
  const { title } = guide;
  // "Getting your deposit back" reads on in a sentence; "DUI and DWI charges" keeps its capitals.
  const topic = /^[A-Z][a-z]/.test(title) ? title[0]!.toLowerCase() + title.slice(1) : title;
  return `What should I know about ${topic}?`;
}
