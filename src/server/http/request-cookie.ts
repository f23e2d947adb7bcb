import type { FastifyRequest } from 'fastify';

/**
 * A cookie the request sent. The API registers @fastify/cookie without its parsing hook, so the
 * header is parsed here, on the first read (decision 0146): only the sign-in routes read cookies,
 * and every other API request skipped a hook for nothing. Setting a cookie still works as before.
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  let cookies = request.cookies as FastifyRequest['cookies'] | null;
  if (!cookies) {
    const header = request.headers.cookie;
    cookies = header ? request.server.parseCookie(header) : {};
    request.cookies = cookies;
  }
  return cookies[name];
}
