import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/**
 * Routes authenticated by the cookie alone (refresh, logout) and plain form posts (the demo
 * checkout) accept requests only from our own pages: a browser always sends Origin on a POST, and another site cannot forge it.
 */
export function assertSameOrigin(config: Config, request: FastifyRequest): void {
  const expected = new URL(config.site.publicUrl).origin;
  if (request.headers.origin !== expected) {
    throw new AppError(
      403,
      'request.bad_origin',
      'This request must come from the site itself. Please reload the page and try again.',
    );
  }
}
