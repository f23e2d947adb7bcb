import type { GuideSearchResponse } from '../../../shared/guides-api';
import { requestJson } from '../../api-client';

/** Searches the guides: GET /api/guides/search. */
export function searchGuides(
  query: string,
  jurisdiction: string | null,
  signal?: AbortSignal,
): Promise<GuideSearchResponse> {
  const params = new URLSearchParams({ q: query });
  if (jurisdiction) params.set('jurisdiction', jurisdiction);
  return requestJson<GuideSearchResponse>(`/api/guides/search?${params}`, { signal });
}
