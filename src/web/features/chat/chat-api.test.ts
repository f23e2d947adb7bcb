import { describe, expect, it } from 'vitest';
import { sessionAnswering } from '../../../../test/support/web-session';
import { ApiError } from '../../api-client';
import { createChatApi } from './chat-api';
import type { ReplyMessage } from './chat-messages';
import { storedRetryableId } from './reply-messages';

const summary = {
  id: '0b8f4a5e-2d1c-4f3e-9a7b-6c5d4e3f2a1b',
  title: 'Deposit',
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
};

describe('the chat API client', () => {
  it('calls each route by its path, ids encoded, and returns the answer it validated', async () => {
    const { session, calls } = sessionAnswering({ conversations: [summary], nextCursor: null });
    const api = createChatApi(session);
    expect(await api.list({ cursor: 'abc', q: 'rent' })).toEqual({
      conversations: [summary],
      nextCursor: null,
    });
    expect(calls[0]).toMatchObject({
      path: '/api/conversations?cursor=abc&q=rent',
      options: { method: 'GET' },
    });

    const renamed = sessionAnswering(summary);
    await createChatApi(renamed.session).rename('a/b', 'Deposit');
    expect(renamed.calls[0]).toMatchObject({
      path: '/api/conversations/a%2Fb',
      options: { method: 'PATCH', body: { title: 'Deposit' } },
    });

    const settled = { answer: { id: 'a1', status: 'stopped' }, charged: 412, balance: 24_588 };
    const stopped = sessionAnswering(settled);
    expect(await createChatApi(stopped.session).stop(summary.id)).toEqual(settled);
    expect(stopped.calls[0]).toMatchObject({
      path: `/api/conversations/${summary.id}/stop`,
      options: { method: 'POST' },
    });

    const removed = sessionAnswering(undefined, 204);
    expect(await createChatApi(removed.session).remove(summary.id)).toBeUndefined();
    expect(removed.calls[0]!.options.method).toBe('DELETE');
  });

  it('reads a conversation in the message shape useChat keeps, and refuses the old one', async () => {
    const stored = {
      ...summary,
      messages: [
        {
          id: 'q1',
          role: 'user',
          parts: [{ type: 'text', text: 'When is my deposit due back?' }],
          metadata: {
            status: 'complete',
            charged: 0,
            feedback: null,
            createdAt: summary.createdAt,
          },
        },
        {
          id: 'a1',
          role: 'assistant',
          parts: [
            { type: 'text', text: 'Within 21 days [1].' },
            { type: 'source-url', sourceId: '1', url: '/guides/deposits#when', title: 'Deposits' },
          ],
          metadata: {
            status: 'stopped',
            charged: 310,
            feedback: 'up',
            createdAt: summary.updatedAt,
            placement: 'covered',
          },
        },
      ],
    };
    const { session } = sessionAnswering(stored);
    const conversation = await createChatApi(session).get(summary.id);
    const shown: ReplyMessage[] = conversation.messages;
    expect(shown).toEqual(stored.messages);
    expect(storedRetryableId(shown)).toBe('a1');

    const old = sessionAnswering({
      ...summary,
      messages: [{ id: 'q1', role: 'user', content: 'Deposit?', status: 'complete', sources: [] }],
    });
    await expect(createChatApi(old.session).get(summary.id)).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses an answer of another shape instead of handing it on', async () => {
    const { session } = sessionAnswering({ conversations: [{ id: 1 }], nextCursor: null });
    const failure = await createChatApi(session)
      .list({})
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('http.failed');
    const balance = sessionAnswering({ balance: '25000' });
    await expect(createChatApi(balance.session).tokens()).rejects.toBeInstanceOf(ApiError);
  });
});
