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

const jurisdiction = z.string().regex(/^US(?:-[A-Z]{2})?$/, 'US or a state such as US-CA');
const sourceUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(500);

/**
 * A figure that varies by place or changes over time (a deadline, a limit, an amount), as the
 * guide states it for one jurisdiction. The answers quote `text`; the content check finds it in
 * the guide's body and `source` among its sources (decision 0112).
 */
export const guideFactSchema = z.strictObject({
  /** What the figure is, shared by every state's fact of it: "deposit-return-deadline". */
  kind: z
    .string()
    .max(60)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case kind such as deposit-return-deadline'),
  /** "US" for a federal rule, or one state: "US-TX". */
  jurisdiction,
  /** The figure, short: "30 days", "$20,000", "No statewide limit". */
  value: z.string().trim().min(1).max(80),
  /** The sentence as it appears in the guide's text (Markdown emphasis aside). */
  text: z.string().trim().min(20).max(400),
  /** The official page that states it: one of the guide's sources. */
  source: sourceUrl,
  /** When the figure was last checked against that source. */
  checked: isoDate,
  /** For figures that change on a calendar (wages, thresholds): when to check it next. */
  recheck: isoDate.optional(),
});
export type GuideFact = z.output<typeof guideFactSchema>;

const askedQuestion = z
  .string()
  .trim()
  .min(8)
  .max(160)
  .regex(/^[^\n]*$/, 'one line');

/**
 * A question the guide answers, as people ask it, with the guide's own sentence that answers it
 * (decision 0114). The content check finds `answer` in the guide's text; `fact` names the facts
 * that answer it state by state.
 */
export const guideQuestionSchema = z.strictObject({
  /** The question as the guide page shows it: "How long does a landlord have to …?" */
  ask: askedQuestion.regex(/\?$/, 'a question, ending in "?"'),
  /** Other ways people put it: plain words, slang, the situation they are in. */
  also: z.array(askedQuestion).max(12).default([]),
  /** One or two sentences exactly as they appear in the guide's text (Markdown emphasis aside). */
  answer: z.string().trim().min(20).max(400),
  /** The kind of the guide's facts that give the figure state by state, when it varies. */
  fact: guideFactSchema.shape.kind.optional(),
});
export type GuideQuestion = z.output<typeof guideQuestionSchema>;

/**
 * A guide's front matter (docs/guides-format in the content brief): strict, so a misspelt key is
 * an error rather than a silently missing value.
 */
export const guideFrontMatterSchema = z
  .strictObject({
    title: z.string().trim().min(5).max(120),
    summary: z.string().trim().min(40).max(400),
    area: z.enum(areaIds),
    /** The whole United States, or one state: "US" or "US-CA". */
    jurisdiction,
    lastReviewed: isoDate,
    /** Set only by the firm that runs the site, when a named lawyer has reviewed the guide. */
    reviewedBy: z.string().trim().min(3).max(120).optional(),
    keywords: z.array(z.string().trim().min(2).max(60)).min(4).max(12),
    sources: z
      .array(
        z.strictObject({
          title: z.string().trim().min(3).max(200),
          url: sourceUrl,
        }),
      )
      .min(3)
      .max(40),
    facts: z.array(guideFactSchema).max(120).default([]),
    questions: z.array(guideQuestionSchema).max(28).default([]),
  })
  .superRefine((meta, context) => {
    const urls = new Set(meta.sources.map((source) => source.url));
    const seen = new Set<string>();
    meta.facts.forEach((fact, index) => {
      if (!urls.has(fact.source)) {
        context.addIssue({
          code: 'custom',
          path: ['facts', index, 'source'],
          message: "must be one of the guide's sources",
        });
      }
      const key = `${fact.kind} ${fact.jurisdiction}`;
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['facts', index],
          message: `a second ${fact.kind} fact for ${fact.jurisdiction}`,
        });
      }
      seen.add(key);
    });
    const kinds = new Set(meta.facts.map((fact) => fact.kind));
    meta.questions.forEach((question, index) => {
      if (question.fact && !kinds.has(question.fact)) {
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'fact'],
          message: "must be the kind of one of the guide's facts",
        });
      }
    });
  });
export type GuideFrontMatter = z.output<typeof guideFrontMatterSchema>;
