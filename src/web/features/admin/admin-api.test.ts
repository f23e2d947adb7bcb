import { describe, expect, it } from 'vitest';
import { sessionAnswering } from '../../../../test/support/web-session';
import { ApiError } from '../../api-client';
import { createAdminApi } from './admin-api';

const ada = {
  id: '0b8f4a5e-2d1c-4f3e-9a7b-6c5d4e3f2a1b',
  email: 'ada@example.com',
  emailVerified: true,
  disabled: false,
  role: 'user',
  plan: 'Free',
  balance: 25_000,
  lastActivityAt: null,
  createdAt: '2026-11-25T09:00:00.000Z',
};
const detail = { ...ada, subscriptions: [], ledger: [], ledgerSum: 25_000 };

describe('the console API client', () => {
  it('calls each route by its path, ids encoded, and returns the answer it validated', async () => {
    const found = sessionAnswering({ users: [ada] });
    expect(await createAdminApi(found.session).users('ada')).toEqual({ users: [ada] });
    expect(found.calls[0]).toMatchObject({
      path: '/api/admin/users?q=ada',
      options: { method: 'GET' },
    });
    const all = sessionAnswering({ users: [] });
    await createAdminApi(all.session).users('');
    expect(all.calls[0]!.path).toBe('/api/admin/users');

    const granted = sessionAnswering(detail);
    expect(
      await createAdminApi(granted.session).adjust('a/b', { delta: 500, reason: 'Goodwill' }),
    ).toEqual(detail);
    expect(granted.calls[0]).toMatchObject({
      path: '/api/admin/users/a%2Fb/tokens',
      options: { method: 'POST', body: { delta: 500, reason: 'Goodwill' } },
    });

    const resent = sessionAnswering({ message: 'Sent.' });
    expect(await createAdminApi(resent.session).resendVerification(ada.id)).toEqual({
      message: 'Sent.',
    });
    expect(resent.calls[0]).toMatchObject({
      path: `/api/admin/users/${ada.id}/verification`,
      options: { method: 'POST' },
    });

    const audit = sessionAnswering({ entries: [], nextBefore: null });
    await createAdminApi(audit.session).audit('2026-11-25T09:00:00.000Z');
    expect(audit.calls[0]!.path).toBe('/api/admin/audit?before=2026-11-25T09%3A00%3A00.000Z');
  });

  it('refuses an answer of another shape instead of handing it on', async () => {
    const wrong = sessionAnswering({ ...detail, balance: '25000' });
    await expect(createAdminApi(wrong.session).user(ada.id)).rejects.toBeInstanceOf(ApiError);
    const rows = sessionAnswering({ messages: [{ id: 1 }] });
    const failure = await createAdminApi(rows.session)
      .contactMessages()
      .catch((error: unknown) => error);
    expect((failure as ApiError).code).toBe('http.failed');
  });
});
