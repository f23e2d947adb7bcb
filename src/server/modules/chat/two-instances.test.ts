import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  cutOffThenRetried,
  ledgerOf,
  longAnswer,
  parseUiStream,
  readUntilAnswerBegins,
  rolesAndStatuses,
  textOf,
} from '../../../../test/support/chat-harness';
import {
  chatTestBed,
  conversationPost,
  type ConversationPost,
} from '../../../../test/support/chat-test-bed';
import { databaseTargets } from '../../../../test/support/databases';
import { messageText } from '../../../shared/chat';

const { llm, startWithChat, startSecondInstance } = chatTestBed();

// Two instances share a database server: PostgreSQL only. A reply cut off on the first is still
// being settled there when the person's next request reaches the second, which has no signal of
// it and waits on its rows.
const postgres = databaseTargets.find((target) => target.kind === 'postgres')!;

// Two apps start per test (each warms its reply path): on a loaded 2-core machine that alone can
// take longer than the suite's usual limit.
describe('two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  /**
   * A reply on the first instance, cut off while another connection holds the person's token
   * account, so the first instance cannot finish settling it (it returns the hold on that row in
   * the same transaction). `ask` sends the person's next request to the second instance while it
   * is held; the hold is let go half a second later.
   */
  async function cutOffWhileSettlingIsHeld(
    ask: (atSecond: ConversationPost, answerId: string) => Promise<Response>,
  ) {
    const first = await startWithChat('postgres');
    const { h, me, id, post } = first;
    const second = conversationPost(await startSecondInstance(first), me.accessToken, id);

    llm.script(longAnswer);
    const cut = new AbortController();
    const response = await post('/messages', { text: 'Speeding ticket?' }, cut.signal);
    const answerId = await readUntilAnswerBegins(response);
    const holder = new pg.Client({
      connectionString: (h.env.config.database as { url: string }).url,
    });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from token_accounts where user_id = $1 for update', [me.userId]);
      cut.abort();
      const answered = ask(second, answerId);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await holder.query('rollback');
      return { h, me, id, answerId, answered: await answered };
    } finally {
      await holder.end();
    }
  }

  it.skipIf(postgres.skip)(
    'a Retry that reaches the other instance while the first is still storing the cut-off answer waits for it, then answers',
    async () => {
      const { h, me, id, answered } = await cutOffWhileSettlingIsHeld((atSecond, answerId) => {
        llm.script({ text: 'Back again.' });
        return atSecond('/messages', { text: 'ignored', retryOf: answerId });
      });
      expect(answered.status).toBe(200);
      expect(textOf(parseUiStream(await answered.text()).parts)).toBe('Back again.');
      const conversation = (await h.me('GET', `/api/conversations/${id}`, me.accessToken)).json();
      expect(rolesAndStatuses(conversation)).toEqual(cutOffThenRetried);
      expect(messageText(conversation.messages[1])).toContain('word3');
    },
  );

  it.skipIf(postgres.skip)(
    'a Stop that reaches the other instance while the first is still storing the stopped answer waits for it, then answers its charge and the balance',
    async () => {
      const { h, me, answerId, answered } = await cutOffWhileSettlingIsHeld((atSecond) =>
        atSecond('/stop', {}),
      );
      expect(answered.status).toBe(200);
      const stopped = await answered.json();
      expect(stopped.answer).toEqual({ id: answerId, status: 'stopped' });
      expect(stopped.charged).toBeGreaterThan(0);
      expect(await ledgerOf(h.env.db, me.userId)).toEqual({
        sum: stopped.balance,
        charged: stopped.charged,
      });
    },
  );
});
