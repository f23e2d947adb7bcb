import { z } from 'zod';
import { guideSearchLimits } from './guides.js';

/** "US", or a country and a subdivision such as "US-CA" (ISO 3166-1 and 3166-2). */
export const jurisdictionCodePattern = /^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/;

export const guideSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(
      guideSearchLimits.queryMin,
      `Type at least ${guideSearchLimits.queryMin} characters to search.`,
    )
    .max(
      guideSearchLimits.queryMax,
      `Keep the search under ${guideSearchLimits.queryMax} characters.`,
    ),
  jurisdiction: z
    .string()
    .max(6)
    .regex(jurisdictionCodePattern, 'Use a code such as US or US-CA.')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(guideSearchLimits.resultsMax)
    .default(guideSearchLimits.resultsDefault),
});
export type GuideSearchQuery = z.input<typeof guideSearchQuerySchema>;

export const guidePassageSchema = z.object({
  slug: z.string(),
  guideTitle: z.string(),
  anchor: z.string(),
  heading: z.string(),
  text: z.string(),
  snippet: z.string(),
  score: z.number(),
  jurisdiction: z.string(),
});

export const guideSearchResponseSchema = z.object({ results: z.array(guidePassageSchema) });
export type GuideSearchResponse = z.infer<typeof guideSearchResponseSchema>;
