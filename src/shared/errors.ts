import { z } from 'zod';
import { authErrorCodes } from './auth.js';
import { billingErrorCodes } from './billing-messages.js';
import { caseErrorCodes } from './cases-messages.js';
import { chatErrorCodes } from './chat-messages.js';
import { newsletterErrorCodes } from './newsletter.js';
import { tokensErrorCodes } from './tokens-messages.js';

/** Codes any route may answer with: malformed or refused requests, and failures on our side. */
export const requestErrorCodes = [
  'request.invalid',
  'request.malformed_json',
  'request.unsupported_media_type',
  'request.too_large',
  'request.uri_too_long',
  'request.headers_too_large',
  'request.malformed',
  'request.timeout',
  'request.rate_limited',
  'request.bad_origin',
  'route.not_found',
  'service.unavailable',
  'internal',
] as const;

/**
 * Every code the API answers with: the union of each module's list (a new module adds its list
 * here). Closed: a code outside these lists does not type-check, and the web app's message
 * table (src/web/error-messages.ts) must name every one.
 */
export const errorCodes = [
  ...requestErrorCodes,
  ...authErrorCodes,
  ...newsletterErrorCodes,
  ...tokensErrorCodes,
  ...chatErrorCodes,
  ...billingErrorCodes,
  ...caseErrorCodes,
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one shape every failed API request answers with. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Per-field messages, present on validation failures. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
