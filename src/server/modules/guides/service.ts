import {
  guideSummaryOf,
  type GuideDocument,
  type GuidePassage,
  type GuideSummary,
} from '../../../shared/guides.js';
import type { GuideLibrary } from './loader.js';
import {
  buildPassageIndex,
  passagesOf,
  type PassageIndex,
  type SearchInput,
} from './search-index.js';

export interface GuidesDeps {
  /**
   * The guides, or a function that reads them: then they are read and indexed on first use
   * (for a server started from source, where parsing the Markdown would slow the start).
   */
  library: GuideLibrary | (() => GuideLibrary);
}

export interface GuidesService {
  /** The best passages for a question, the person's own state's guides first. */
  searchPassages(input: SearchInput): GuidePassage[];
  getGuide(slug: string): GuideDocument | undefined;
  listGuides(): GuideSummary[];
  /** The text of every passage a search can return (the warm-up counts their tokens ahead). */
  passageTexts(): readonly string[];
  /** Works out every passage's snippet words ahead of the searches (the warm-up). */
  warm(): Promise<void>;
}

interface Loaded {
  library: GuideLibrary;
  index: PassageIndex;
  summaries: GuideSummary[];
  passageTexts: readonly string[];
}

function load(library: GuideLibrary): Loaded {
  return {
    library,
    index: buildPassageIndex(library.guides),
    summaries: library.guides.map(guideSummaryOf),
    passageTexts: library.guides.flatMap(passagesOf).map((passage) => passage.text),
  };
}

/** The guides and their search, built once when the app is built. */
export function createGuidesService(deps: GuidesDeps): GuidesService {
  let loaded = typeof deps.library === 'function' ? undefined : load(deps.library);
  const read = () => (loaded ??= load((deps.library as () => GuideLibrary)()));
  return {
    searchPassages: (input) => read().index.search(input),
    getGuide: (slug) => read().library.bySlug.get(slug),
    listGuides: () => read().summaries,
    passageTexts: () => read().passageTexts,
    warm: () => read().index.warm(),
  };
}
