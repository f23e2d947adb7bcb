import type { GuideSearchResponse } from '../../../shared/guides-api';
import { callApi } from '../../api-client';

/** Searches the guides: GET /api/guides/search. */
export function searchGuides(
  query: string,
  jurisdiction: string | null,
  signal?: AbortSignal,
): Promise<GuideSearchResponse> {
  return callApi('GET /api/guides/search', {
    query: { q: query, jurisdiction: jurisdiction ?? undefined },
    signal,
  });
}
