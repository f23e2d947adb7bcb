import type { ErrorCode } from '../shared/errors.js';

/** A failure the client should hear about: a stable code, an HTTP status and a message for people. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'That resource') =>
  new AppError(404, 'route.not_found', `${what} was not found.`);
