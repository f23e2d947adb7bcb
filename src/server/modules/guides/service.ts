import {
  guideSummaryOf,
  type GuideDocument,
  type GuidePassage,
  type GuideSummary,
} from '../../../shared/guides.js';
import type { GuideLibrary } from './loader.js';
import { buildPassageIndex, type SearchInput } from './search-index.js';

export interface GuidesDeps {
  library: GuideLibrary;
}

export interface GuidesService {
  /** The best passages for a question, the person's own state's guides first. */
  searchPassages(input: SearchInput): GuidePassage[];
  getGuide(slug: string): GuideDocument | undefined;
  listGuides(): GuideSummary[];
}

/** The guides and their search, built once when the app is built. */
export function createGuidesService({ library }: GuidesDeps): GuidesService {
  const index = buildPassageIndex(library.guides);
  const summaries: GuideSummary[] = library.guides.map(guideSummaryOf);
  return {
    searchPassages: (input) => index.search(input),
    getGuide: (slug) => library.bySlug.get(slug),
    listGuides: () => summaries,
  };
}
