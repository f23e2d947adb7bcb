import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../test/support/auth-harness';
import { databaseTargets } from '../../test/support/databases';
import { insertVerifiedUser } from '../../test/support/users';
import { runStaffCommand } from './modules/staff/cli';

/**
 * Every /api/desk/* and /api/admin/* route of /api/openapi.json answers 404 route.not_found, as
 * for a route that does not exist, to anyone without the role: no token, a forged one, a signed-in
 * person (the owner of the case in the path, even), and staff on the admins' routes. Routes added
 * later are walked without anyone listing them here.
 */
const password = 'a-long-passphrase';
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe.each(databaseTargets)('staff routes on $kind', ({ kind, skip }) => {
  let h: AuthHarness;
  let routes: { method: (typeof methods)[number]; path: string; admin: boolean }[] = [];
  const tokens: Record<'person' | 'staff' | 'admin', string> = { person: '', staff: '', admin: '' };
  let caseId = '';
  let personId = '';

  beforeAll(async () => {
    if (skip) return;
    h = await createAuthHarness(kind);
    for (const who of ['person', 'staff', 'admin'] as const) {
      const email = `${who}@example.com`;
      const id = await insertVerifiedUser(h.env.db, { email, password });
      if (who === 'person') personId = id;
      tokens[who] = (await h.login(email, password)).accessToken;
      if (who !== 'person') await runStaffCommand(h.env.db, ['add', email, '--role', who]);
    }
    const opened = await h.me('POST', '/api/cases', tokens.person, {
      question: 'My landlord kept my deposit. What can I do?',
      state: 'CA',
      contactPreference: 'email',
    });
    caseId = opened.json().id;
    const { paths } = (await h.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Partial<Record<(typeof methods)[number], unknown>>>;
    };
    routes = Object.entries(paths).flatMap(([path, operations]) =>
      path.startsWith('/api/desk/') || path.startsWith('/api/admin/')
        ? methods
            .filter((m) => operations[m])
            .map((method) => ({ method, path, admin: path.startsWith('/api/admin/') }))
        : [],
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  /** An existing id for every path parameter: the person's case, or the person. */
  const concrete = (path: string) =>
    path
      .replace(/\{id\}/g, caseId)
      .replace(/\{userId\}/g, personId)
      .replace(/\{[^}]+\}/g, caseId);

  function send(method: string, path: string, authorization?: string) {
    const write = method !== 'get' && method !== 'delete';
    return h.app.inject({
      method: method.toUpperCase() as 'GET',
      url: concrete(path),
      headers: authorization ? { authorization } : {},
      ...(write ? { payload: {} } : {}),
    });
  }

  it.skipIf(skip)('lists the desk routes and finds each one', () => {
    expect(routes.filter((r) => !r.admin).length).toBeGreaterThanOrEqual(8);
  });

  it.skipIf(skip)('answers 404 to everyone without the role, for ids that exist', async () => {
    for (const route of routes) {
      const path = concrete(route.path);
      const strangers: [string, string | undefined][] = [
        ['no token', undefined],
        ['forged token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
        ['a signed-in person', `Bearer ${tokens.person}`],
        ...(route.admin ? [['staff', `Bearer ${tokens.staff}`] as [string, string]] : []),
      ];
      for (const [who, authorization] of strangers) {
        const response = await send(route.method, route.path, authorization);
        const what = `${route.method.toUpperCase()} ${route.path} as ${who}`;
        expect(response.statusCode, what).toBe(404);
        expect(response.json(), what).toEqual({
          error: {
            code: 'route.not_found',
            message: `There is no API route ${route.method.toUpperCase()} ${path}.`,
          },
        });
      }
    }
  });

  it.skipIf(skip)('lets the role in: every GET answers the staff it is for', async () => {
    for (const route of routes.filter((r) => r.method === 'get')) {
      const token = route.admin ? tokens.admin : tokens.staff;
      const response = await send('get', route.path, `Bearer ${token}`);
      if (route.path.endsWith('/conversation')) {
        // This case was opened without sharing its conversation: there is none to open.
        expect(response.json().error.message).toBe('A shared conversation was not found.');
      } else {
        expect(response.statusCode, route.path).toBe(200);
      }
    }
    // Admins are staff too.
    expect((await send('get', '/api/desk/cases', `Bearer ${tokens.admin}`)).statusCode).toBe(200);
  });
});
