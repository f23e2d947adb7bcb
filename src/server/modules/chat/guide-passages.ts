/**
 * The guides module's retrieval contract, as the chat uses it. It is declared here until the
 * guides module lands with `src/shared/guides.ts`; then this file re-exports that type.
 */
export interface GuidePassage {
  slug: string;
  guideTitle: string;
  anchor: string;
  heading: string;
  text: string;
  snippet: string;
  score: number;
  jurisdiction: string;
}

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
