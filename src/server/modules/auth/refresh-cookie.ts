import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';

const day = 24 * 60 * 60;

/**
 * The refresh cookie's policy. Production uses the `__Host-` prefix, which browsers accept only
 * with Secure and Path=/ (docs/decisions/0010-refresh-cookie.md); development keeps it to
 * /api/auth. Routes alone read and write it: services hand back the token.
 */
export function refreshCookie(config: Config) {
  const maxAge = config.auth.refreshTokenTtlDays * day;
  const { name, options } =
    config.env === 'production'
      ? {
          name: '__Host-lexwise_refresh',
          options: { httpOnly: true, sameSite: 'strict', secure: true, path: '/', maxAge } as const,
        }
      : {
          name: 'lexwise_refresh',
          options: {
            httpOnly: true,
            sameSite: 'strict',
            secure: false,
            path: '/api/auth',
            maxAge,
          } as const,
        };
  return {
    name,
    set(reply: FastifyReply, token: string) {
      reply.setCookie(name, token, options);
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(name, { ...options, maxAge: undefined });
    },
    read(request: FastifyRequest): string | undefined {
      return request.cookies[name] || undefined;
    },
  };
}

export type RefreshCookie = ReturnType<typeof refreshCookie>;

/**
 * Routes authenticated by the cookie alone (refresh, logout) accept requests only from our own
 * pages: a browser always sends Origin on a POST, and another site cannot forge it.
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
