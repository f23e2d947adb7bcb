import { z } from 'zod';

/** The one shape every failed API request answers with. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Per-field messages, present on validation failures. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable codes the web app may branch on. Modules add theirs here so the list stays one. */
export const errorCodes = [
  'request.invalid',
  'request.malformed_json',
  'request.unsupported_media_type',
  'request.too_large',
  'request.rate_limited',
  'request.bad_origin',
  'route.not_found',
  'service.unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number] | (string & {});
