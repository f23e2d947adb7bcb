import type { RequestOptions } from '../../src/web/api-client';

/**
 * A signed-in session, as the web app's API clients see it, that answers every call with `body`
 * (JSON, or nothing for 204) and records what it was asked.
 */
export function sessionAnswering(body: unknown, status = 200) {
  const calls: { path: string; options: RequestOptions }[] = [];
  return {
    calls,
    session: {
      fetch: async (path: string, options: RequestOptions = {}) => {
        calls.push({ path, options });
        return new Response(status === 204 ? null : JSON.stringify(body), { status });
      },
    },
  };
}
