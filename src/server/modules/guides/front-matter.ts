import { z } from 'zod';
import { guideAreas, type GuideAreaId } from '../../../shared/guides.js';

const areaIds = guideAreas.map((area) => area.id) as [GuideAreaId, ...GuideAreaId[]];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-11-23')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'a real calendar date')
  .refine(
    (value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'a real calendar date',
  );

/**
 * A guide's front matter (docs/guides-format in the content brief): strict, so a misspelt key is
 * an error rather than a silently missing value.
 */
export const guideFrontMatterSchema = z.strictObject({
  title: z.string().trim().min(5).max(120),
  summary: z.string().trim().min(40).max(400),
  area: z.enum(areaIds),
  /** The whole United States, or one state: "US" or "US-CA". */
  jurisdiction: z.string().regex(/^US(?:-[A-Z]{2})?$/, 'US or a state such as US-CA'),
  lastReviewed: isoDate,
  /** Set only by the firm that runs the site, when a named lawyer has reviewed the guide. */
  reviewedBy: z.string().trim().min(3).max(120).optional(),
  keywords: z.array(z.string().trim().min(2).max(60)).min(4).max(12),
  sources: z
    .array(
      z.strictObject({
        title: z.string().trim().min(3).max(200),
        url: z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(500),
      }),
    )
    .min(3)
    .max(8),
});
export type GuideFrontMatter = z.output<typeof guideFrontMatterSchema>;
