import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { requestCookie } from '../../http/request-cookie.js';

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
      return requestCookie(request, name) || undefined;
    },
  };
}

export type RefreshCookie = ReturnType<typeof refreshCookie>;
