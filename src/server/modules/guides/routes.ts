import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { guideSearchQuerySchema, guideSearchResponseSchema } from '../../../shared/guides-api.js';
import { rateLimitKey } from '../../http/api-rate-limit.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import type { GuidesService } from './service.js';

/** Searches as someone types: generous for a person, a ceiling for a scraper. */
export const guideSearchRateLimit: RateLimit = {
  name: 'guides:search',
  max: 120,
  windowMs: 60_000,
};

/** GET /api/guides/search: the guide passages that best answer a question. Public. */
export const guideRoutes =
  ({
    guides,
    rateLimiter,
  }: {
    guides: GuidesService;
    rateLimiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/search',
      {
        schema: {
          tags: ['guides'],
          summary: 'Search the legal guides',
          description:
            "The best-matching passages (a guide's overview or one of its sections), at most two per " +
            'guide. With a jurisdiction such as US-CA, that state’s own guides come first and other ' +
            'states’ own guides are left out; national guides are always included.',
          querystring: guideSearchQuerySchema,
          response: {
            200: guideSearchResponseSchema,
            400: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => {
        await rateLimiter.hit(guideSearchRateLimit, rateLimitKey(request));
        const { q, jurisdiction, limit } = request.query;
        return { results: guides.searchPassages({ query: q, jurisdiction, limit }) };
      },
    );
  };
