import { describe, expect, it } from 'vitest';
import {
  cutOffThenRetried,
  ledgerOf,
  longAnswer,
  parseUiStream,
  readAnswerBeginning,
  rolesAndStatuses,
  textOf,
} from '../../../../test/support/chat-harness';
import { chatTestBed, testPassword } from '../../../../test/support/chat-test-bed';
import { databaseTargets } from '../../../../test/support/databases';
import { freeDailyTokens } from '../../../shared/plans';

const { llm, startWithChat } = chatTestBed();

describe.each(databaseTargets)('Stop on $kind', ({ kind, skip }) => {
  it.skipIf(skip)(
    'Stop answers once the answer is stored: the stopped answer, its charge and the balance as the ledger has them; a Retry right after it answers',
    async () => {
      const { h, me, id, post } = await startWithChat(kind);
      llm.script(longAnswer);
      const reading = await readAnswerBeginning(
        await post('/messages', { text: 'When do I get my deposit back?' }),
      );

      const stop = await post('/stop', {});
      expect(stop.status).toBe(200);
      const stopped = await stop.json();
      expect(stopped).toEqual({
        answer: { id: reading.answerId, status: 'stopped' },
        charged: expect.any(Number),
        balance: freeDailyTokens - stopped.charged,
      });
      expect(stopped.charged).toBeGreaterThan(0);
      expect(await ledgerOf(h.env.db, me.userId)).toEqual({
        sum: stopped.balance,
        charged: stopped.charged,
      });
      // The stream itself ended with the same settlement.
      const { parts, done } = await reading.rest();
      expect(done).toBe(true);
      expect(parts.find((p) => p.type === 'finish')!.messageMetadata).toMatchObject({
        status: 'stopped',
        charged: stopped.charged,
        balance: stopped.balance,
      });

      llm.script({ text: 'Back again.' });
      const retried = await post('/messages', { text: 'ignored', retryOf: reading.answerId });
      expect(retried.status).toBe(200);
      expect(textOf(parseUiStream(await retried.text()).parts)).toBe('Back again.');
      const conversation = (await h.me('GET', `/api/conversations/${id}`, me.accessToken)).json();
      expect(rolesAndStatuses(conversation)).toEqual(cutOffThenRetried);
    },
  );

  it.skipIf(skip)(
    'Stop sent as the page closes the stream answers the same, and so does a second Stop',
    async () => {
      const { h, me, post } = await startWithChat(kind);
      llm.script(longAnswer);
      const closed = new AbortController();
      const reading = await readAnswerBeginning(
        await post('/messages', { text: 'When do I get my deposit back?' }, closed.signal),
      );
      closed.abort();
      const stopped = await (await post('/stop', {})).json();
      expect(stopped.answer).toEqual({ id: reading.answerId, status: 'stopped' });
      expect(await ledgerOf(h.env.db, me.userId)).toEqual({
        sum: stopped.balance,
        charged: stopped.charged,
      });
      expect((await h.me('GET', '/api/tokens', me.accessToken)).json()).toMatchObject({
        balance: stopped.balance,
        streaming: 0,
      });
      // Nothing is being written any more: the newest answer as stored.
      expect(await (await post('/stop', {})).json()).toEqual(stopped);
    },
  );

  it.skipIf(skip)(
    "Stop with nothing being written: nothing charged in a new chat, and another person's chat is not found",
    async () => {
      const { h, me, id, post } = await startWithChat(kind);
      expect(await (await post('/stop', {})).json()).toEqual({
        answer: null,
        charged: 0,
        balance: freeDailyTokens,
      });
      llm.script({ text: 'A whole answer.' });
      const finished = parseUiStream(
        await (await post('/messages', { text: 'When do I get my deposit back?' })).text(),
      );
      const finish = finished.parts.find((p) => p.type === 'finish')!.messageMetadata as {
        charged: number;
        balance: number;
      };
      const begun = finished.parts.find((p) => p.type === 'start')!;
      expect(await (await post('/stop', {})).json()).toEqual({
        answer: { id: begun.messageId, status: 'complete' },
        charged: finish.charged,
        balance: finish.balance,
      });
      const eve = await h.signUp('eve@example.com', testPassword);
      const refused = await h.me('POST', `/api/conversations/${id}/stop`, eve.accessToken, {});
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('route.not_found');
      expect((await h.me('GET', '/api/tokens', me.accessToken)).json().balance).toBe(
        finish.balance,
      );
    },
  );
});
