import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '../../../shared/auth';
import { AuthSession } from './auth-session';

// The session runs in the browser; here it gets the few browser globals it touches, and a
// fetch that plays the server.
interface Call {
  path: string;
  method: string;
  authorization?: string;
}

function sessionFor(token: string, expiresIn = 900): SessionResponse {
  return {
    accessToken: token,
    expiresIn,
    user: {
      id: 'u1',
      email: 'ada@example.com',
      emailVerified: true,
      givenName: 'Ada',
      familyName: null,
      name: 'Ada',
      picture: null,
      jurisdiction: { country: null, region: null },
      hasPassword: true,
      createdAt: '2026-11-22T00:00:00.000Z',
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = () => json(401, { error: { code: 'auth.session_expired', message: 'ended' } });
const unavailable = () => json(503, { error: { code: 'service.unavailable', message: 'busy' } });

let calls: Call[];
let answer: (call: Call) => Response | Promise<Response>;

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('window', { location: { protocol: 'http:' } });
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const call = { path, method: init.method ?? 'GET', authorization: headers.authorization };
    calls.push(call);
    return answer(call);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const refreshCalls = () => calls.filter((call) => call.path === '/api/auth/refresh').length;

describe('AuthSession', () => {
  it('asks the server nothing on start-up when this browser never signed in', () => {
    const session = new AuthSession();
    session.start();
    expect(session.getState().status).toBe('signed-out');
    expect(calls).toEqual([]);
  });

  it('restores the session after a reload', async () => {
    document.cookie = 'signed_in=1';
    answer = () => json(200, sessionFor('token-1'));
    const session = new AuthSession();
    session.start();
    expect(session.getState().status).toBe('unknown');
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-in'));
    expect(session.getState().user?.name).toBe('Ada');
  });

  it('renews the token 5 minutes before it expires', async () => {
    answer = () => json(200, sessionFor('token-2'));
    const session = new AuthSession();
    session.signIn(sessionFor('token-1', 15 * 60));
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 1_000);
    expect(refreshCalls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshCalls()).toBe(1);
  });

  it('retries a failed renewal after 30 s, doubling up to 16 minutes', async () => {
    answer = unavailable;
    const session = new AuthSession();
    session.signIn(sessionFor('token-1', 15 * 60));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refreshCalls()).toBe(1);
    const waits = [30, 60, 120, 240, 480, 960, 960];
    for (const [index, seconds] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      expect(refreshCalls()).toBe(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(refreshCalls()).toBe(index + 2);
    }
    // Still signed in: a server that is down has not ended the session.
    expect(session.getState().status).toBe('signed-in');
  });

  it('ends the session when the server says the refresh token is no good', async () => {
    answer = expired;
    const session = new AuthSession();
    session.signIn(sessionFor('token-1'));
    expect(document.cookie).toContain('signed_in=1');
    expect(await session.refresh()).toBe(false);
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(document.cookie).not.toContain('signed_in=1');
  });

  it('answers a 401 from an API call with one refresh and one retry', async () => {
    answer = (call) => {
      if (call.path === '/api/auth/refresh') return json(200, sessionFor('token-2'));
      return call.authorization === 'Bearer token-2' ? json(200, { ok: true }) : expired();
    };
    const session = new AuthSession();
    session.signIn(sessionFor('token-1'));
    await expect(session.request('GET /api/me', {})).resolves.toEqual({ ok: true });
    expect(calls.map((call) => `${call.path} ${call.authorization ?? ''}`)).toEqual([
      '/api/me Bearer token-1',
      '/api/auth/refresh ',
      '/api/me Bearer token-2',
    ]);
  });

  it('shares one refresh between callers that need it at the same time', async () => {
    answer = () => json(200, sessionFor('token-2'));
    const session = new AuthSession();
    await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
    expect(refreshCalls()).toBe(1);
  });

  it('signs out on the server and here', async () => {
    answer = () => new Response(null, { status: 204 });
    const session = new AuthSession();
    session.signIn(sessionFor('token-1'));
    await session.signOut();
    expect(calls.at(-1)).toMatchObject({ path: '/api/auth/logout', method: 'POST' });
    expect(session.getState().status).toBe('signed-out');
  });
});
