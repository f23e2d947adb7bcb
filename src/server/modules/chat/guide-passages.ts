import type { GuidePassage } from '../../../shared/guides.js';

export type { GuidePassage };

/** Finds the guide passages most relevant to a question, for a person's jurisdiction. */
export interface PassageRetriever {
  searchPassages(input: {
    query: string;
    /** "US-CA", "US", another country, or null when not known. */
    jurisdiction?: string | null;
    limit?: number;
  }): GuidePassage[];
}

/** Where a passage is read on the site. */
export function passageUrl(passage: GuidePassage): string {
  return `/guides/${encodeURIComponent(passage.slug)}#${encodeURIComponent(passage.anchor)}`;
}
