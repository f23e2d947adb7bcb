import { describe, expect, it } from 'vitest';
import { sessionAnswering } from '../../../../test/support/web-session';
import { ApiError } from '../../api-client';
import { createCasesApi } from './cases-api';

const summary = {
  id: '0b8f4a5e-2d1c-4f3e-9a7b-6c5d4e3f2a1b',
  number: 'LW-000001',
  question: 'Can my landlord keep my deposit?',
  state: 'TX',
  area: null,
  status: 'received',
  contactPreference: 'email',
  shared: false,
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
};
const own = { ...summary, phone: null, messages: [], sharedConversation: null };
const desk = {
  ...summary,
  phone: null,
  messages: [],
  personEmail: 'ada@example.com',
  assignee: null,
  notes: [],
  staff: [],
};

describe('the cases and desk API client', () => {
  it('calls each route by its path, ids encoded, and returns the answer it validated', async () => {
    const created = sessionAnswering(own);
    const request = {
      question: summary.question,
      state: 'TX',
      contactPreference: 'email' as const,
    };
    expect(await createCasesApi(created.session).create(request)).toEqual(own);
    expect(created.calls[0]).toMatchObject({
      path: '/api/cases',
      options: { method: 'POST', body: request },
    });

    const assigned = sessionAnswering(desk);
    expect(await createCasesApi(assigned.session).assign('a/b', null)).toEqual(desk);
    expect(assigned.calls[0]).toMatchObject({
      path: '/api/desk/cases/a%2Fb/assign',
      options: { method: 'POST', body: { assigneeId: null } },
    });

    // A filter left empty is not sent.
    const queue = sessionAnswering({ cases: [], nextOffset: null });
    await createCasesApi(queue.session).queue({ status: 'received', state: '', offset: '20' });
    expect(queue.calls[0]!.path).toBe('/api/desk/cases?status=received&offset=20');
  });

  it('refuses an answer of another shape instead of handing it on', async () => {
    const wrong = sessionAnswering({ ...own, messages: null });
    await expect(createCasesApi(wrong.session).get(own.id)).rejects.toBeInstanceOf(ApiError);
    const staff = sessionAnswering({ staff: [{ id: 'x', email: 'a@b.c', role: 'intern' }] });
    await expect(createCasesApi(staff.session).staff()).rejects.toBeInstanceOf(ApiError);
  });
});
