import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthHarness,
  refreshCookieOf,
  type AuthHarness,
} from '../../test/support/auth-harness';
import { databaseTargets } from '../../test/support/databases';
import { testGuideLibrary } from '../../test/support/guides';

/**
 * A bounded load on the routes read most often besides the chat: guide searches and token
 * refreshes, all in flight together. Every answer is a 200 and every refresh rotates its token:
 * no 5xx, no lock error, no refresh lost to another's transaction.
 */
describe.each(databaseTargets)('search and refresh under load on $kind', ({ kind, skip }) => {
  let h: AuthHarness;
  beforeAll(async () => {
    if (skip) return;
    h = await createAuthHarness(kind, {}, undefined, { guides: testGuideLibrary() });
  });
  afterAll(async () => {
    if (!skip) await h.close();
  });

  it.skipIf(skip)('answers 200 searches and 40 refreshes at once without an error', async () => {
    const people = await Promise.all(
      [0, 1, 2, 3].map((i) => h.signUp(`load${i}@example.com`, 'a-long-passphrase')),
    );
    const queries = ['security deposit', 'eviction notice', 'final paycheck', 'small claims'];
    const searches = Array.from({ length: 200 }, (_, i) =>
      h.app.inject({
        method: 'GET',
        url: `/api/guides/search?q=${encodeURIComponent(queries[i % queries.length]!)}`,
        remoteAddress: `10.0.${Math.floor(i / 50)}.${(i % 50) + 1}`,
      }),
    );
    // Each person refreshes ten times in a row, the four of them at once, beside the searches.
    const refreshes = people.map(async (person, i) => {
      let token = person.refreshToken;
      const statuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        const response = await h.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          headers: { origin: h.origin },
          cookies: { lexwise_refresh: token },
          remoteAddress: `10.1.0.${i + 1}`,
        });
        statuses.push(response.statusCode);
        const next = refreshCookieOf(response)?.value;
        if (next) token = next;
      }
      return statuses;
    });
    const [searched, refreshed] = await Promise.all([
      Promise.all(searches),
      Promise.all(refreshes),
    ]);
    const searchStatuses = searched.map((response) => response.statusCode);
    expect(searchStatuses.filter((status) => status !== 200)).toEqual([]);
    expect(searched[0]!.json().results.length).toBeGreaterThan(0);
    expect(refreshed.flat().filter((status) => status !== 200)).toEqual([]);
  });
});
