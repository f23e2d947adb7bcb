import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthHarness } from '../../../../test/support/auth-harness';
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
  testPassword as password,
} from '../../../../test/support/chat-test-bed';
import { databaseTargets } from '../../../../test/support/databases';
import { messageText, type ChatMessage } from '../../../shared/chat';
import { freeDailyTokens } from '../../../shared/plans';
import { countTokens } from '../../llm/token-count';
import { createTokensService } from '../tokens/service';

const { llm, startApp } = chatTestBed();

describe.each(databaseTargets)('chat on $kind', ({ kind, skip }) => {
  let h: AuthHarness | undefined;
  let base = '';
  const logs: string[] = [];
  afterEach(() => {
    llm.setDefault({ text: 'Plain answer.' });
    logs.length = 0;
  });

  async function start(extraEnv: Record<string, string> = {}) {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    ({ h, base } = await startApp(kind, extraEnv, { level: 'info', stream }));
    return h;
  }

  function send(
    token: string,
    conversationId: string,
    text: string,
    signal?: AbortSignal,
    retryOf?: string,
  ) {
    return conversationPost(base, token, conversationId)(
      '/messages',
      { text, ...(retryOf ? { retryOf } : {}) },
      signal,
    );
  }

  function retry(token: string, conversationId: string, retryOf: string, text = 'ignored') {
    return send(token, conversationId, text, undefined, retryOf);
  }

  async function ask(token: string, conversationId: string, text: string) {
    const response = await send(token, conversationId, text);
    const body = await response.text();
    return { response, ...parseUiStream(body) };
  }

  const ledger = (userId: string) => ledgerOf(h!.env.db, userId);

  const finishOf = (parts: { type: string; [k: string]: unknown }[]) =>
    parts.find((p) => p.type === 'finish')?.messageMetadata as {
      charged: number;
      balance: number;
      status: string;
      userMessageId: string;
      placement: string;
    };

  it.skipIf(skip)(
    'library mode: answers first from the guide, for the place named, cited, charged by the tokenizer',
    async () => {
      await start();
      const me = await h!.signUp('ada@example.com', password);
      const id = randomUUID();
      const question = 'I rent in Houston, how long does my landlord have to give my deposit back?';
      const { response, parts, done } = await ask(me.accessToken, id, question);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('x-accel-buffering')).toBe('no');
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
      expect(done).toBe(true);
      expect(parts[0]).toMatchObject({
        type: 'start',
        messageMetadata: { conversationId: id, userMessageId: expect.any(String) },
      });
      const text = textOf(parts);
      const [first] = text.split('\n\n');
      // The direct answer first: Texas's rule, cited.
      expect(first).toContain('Texas');
      expect(first).toContain('30');
      expect(first).toMatch(/\[1\]/);
      expect(text).toContain('**What to do**');
      expect(text).toContain('When to see a lawyer');
      expect(text).toContain('no AI model is configured');
      const sources = parts.filter((p) => p.type === 'source-url');
      expect(sources[0]).toMatchObject({
        sourceId: '1',
        url: expect.stringMatching(/^\/guides\/security-deposits#/),
      });
      const finish = finishOf(parts);
      const expected = countTokens(question) + countTokens(text);
      expect(finish).toMatchObject({ charged: expected, balance: freeDailyTokens - expected });

      const tokens = (await h!.me('GET', '/api/tokens', me.accessToken)).json();
      expect(tokens.balance).toBe(finish.balance);
      expect(await ledger(me.userId)).toEqual({ sum: finish.balance, charged: expected });

      const conversation = (await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).json();
      expect(conversation.messages.map((m: { role: string }) => m.role)).toEqual([
        'user',
        'assistant',
      ]);
      // Stored in the shape the stream built (the AI SDK's UIMessage): the answer's text, then
      // its sources as the same source-url parts, and what is known of it as metadata.
      expect(conversation.messages[0]).toEqual({
        id: finish.userMessageId,
        role: 'user',
        parts: [{ type: 'text', text: question }],
        metadata: { status: 'complete', charged: 0, feedback: null, createdAt: expect.any(String) },
      });
      expect(conversation.messages[1]).toEqual({
        id: parts[0]!.messageId,
        role: 'assistant',
        parts: [{ type: 'text', text }, ...sources],
        metadata: {
          status: 'complete',
          charged: expected,
          feedback: null,
          createdAt: expect.any(String),
          placement: finish.placement,
        },
      });

      // A follow-up uses the conversation: the same question, for another state.
      const followUp = await ask(me.accessToken, id, 'What about New York?');
      const [answer] = textOf(followUp.parts).split('\n\n');
      expect(answer).toContain('New York');
      expect(answer).toContain('14 days');
    },
  );

  it.skipIf(skip)(
    'declines what is not a legal question, or not covered, and charges nothing, in both modes',
    async () => {
      await start(llm.env());
      const me = await h!.signUp('ada@example.com', password);
      const recipe = await ask(me.accessToken, randomUUID(), 'How do I bake sourdough bread?');
      expect(textOf(recipe.parts)).toContain('I can only help with legal questions');
      expect(finishOf(recipe.parts)).toMatchObject({ charged: 0, balance: freeDailyTokens });
      expect(recipe.parts.some((p) => p.type === 'source-url')).toBe(false);

      const spanish = await ask(
        me.accessToken,
        randomUUID(),
        'Mi casero no me devuelve el depósito, ¿qué hago?',
      );
      expect(textOf(spanish.parts)).toContain('solo respondo en inglés');
      expect(finishOf(spanish.parts)).toMatchObject({ charged: 0, balance: freeDailyTokens });
      // Neither reached the model.
      expect(llm.requests()).toHaveLength(0);
    },
  );

  it.skipIf(skip)(
    'library mode: a legal question our guides do not cover is said so, free',
    async () => {
      await start();
      const me = await h!.signUp('ada@example.com', password);
      const { parts } = await ask(
        me.accessToken,
        randomUUID(),
        'How do I file a patent for my invention?',
      );
      expect(textOf(parts)).toContain('Our guides do not cover this topic');
      expect(finishOf(parts)).toMatchObject({ charged: 0, balance: freeDailyTokens });
      expect(parts.some((p) => p.type === 'source-url')).toBe(false);
    },
  );

  it.skipIf(skip)(
    'model mode: grounds the prompt, removes citations of passages not given, charges the provider’s usage',
    async () => {
      await start(llm.env());
      const me = await h!.signUp('ada@example.com', password);
      await h!.me('PATCH', '/api/me', me.accessToken, {
        jurisdiction: { country: 'US', region: 'CA' },
      });
      llm.script({ text: 'You get it back within 21 days [1], less damage [2] and [7].' });
      const id = randomUUID();
      const { parts } = await ask(me.accessToken, id, 'When is my deposit due back?');
      expect(textOf(parts)).toBe('You get it back within 21 days [1], less damage [2] and .');
      expect(logs.join('')).toContain('removed citations that named no given passage');

      const [request] = llm.requests();
      expect(request!.authorization).toBe('Bearer test-key');
      const system = request!.messages[0]!;
      expect(system.role).toBe('system');
      expect(system.content).toContain('You are an AI, not a lawyer');
      expect(system.content).toContain('California, United States');
      expect(system.content).toMatch(/\[1\] Getting your security deposit back: /);
      expect(request!.messages.at(-1)).toEqual({
        role: 'user',
        content: 'When is my deposit due back?',
      });
      expect(request!.includeUsage).toBe(true);

      // The provider's usage is what is charged: its prompt count plus one token per chunk.
      const promptTokens = request!.messages.reduce((s, m) => s + countTokens(m.content), 0);
      const chunks = 'You get it back within 21 days [1], less damage [2] and [7].'.split(
        ' ',
      ).length;
      const finish = finishOf(parts);
      expect(finish.charged).toBe(promptTokens + chunks);
      expect(await ledger(me.userId)).toEqual({ sum: finish.balance, charged: finish.charged });

      // The next question carries the earlier exchange as history.
      llm.script({ text: 'Yes.', usage: 'none' });
      const second = await ask(me.accessToken, id, 'Even for cleaning?');
      const history = llm.requests()[1]!.messages.map((m) => m.role);
      expect(history).toEqual(['system', 'user', 'assistant', 'user']);
      // Without usage from the provider, our tokenizer counts what was sent and written.
      expect(finishOf(second.parts).charged).toBeGreaterThan(countTokens('Yes.'));
    },
  );

  it.skipIf(skip)(
    'a client that disconnects stops the reply: the partial answer is kept as stopped, only it is charged, and Retry answers the question again',
    async () => {
      await start(llm.env());
      const me = await h!.signUp('ada@example.com', password);
      const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
      llm.script({ text: words, tokensPerSecond: 40 });
      const id = randomUUID();
      const controller = new AbortController();
      const response = await send(me.accessToken, id, 'Tell me about deposits', controller.signal);
      const answerId = await readUntilAnswerBegins(response);
      // While it streams, the balance says a reply is still to be settled.
      expect((await h!.me('GET', '/api/tokens', me.accessToken)).json().streaming).toBe(1);
      controller.abort();
      await expect.poll(() => llm.aborted(), { timeout: 5000 }).toBe(1);

      const stored = await expect
        .poll(
          async () =>
            (await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).json().messages,
          { timeout: 5000 },
        )
        .toHaveLength(2)
        .then(
          async () =>
            (await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).json().messages[1],
        );
      expect(stored.metadata.status).toBe('stopped');
      expect(messageText(stored).startsWith('word0 word1 word2 word3')).toBe(true);
      expect(messageText(stored).length).toBeLessThan(words.length);
      const tokens = (await h!.me('GET', '/api/tokens', me.accessToken)).json();
      expect(tokens.streaming).toBe(0);
      expect(freeDailyTokens - tokens.balance).toBe(stored.metadata.charged);
      // Charged what was read and written before the stop: less than the whole answer would be.
      const prompt = llm.requests()[0]!.messages.reduce((s, m) => s + countTokens(m.content), 0);
      expect(stored.metadata.charged).toBeLessThan(prompt + countTokens(words));
      expect(await ledger(me.userId)).toEqual({
        sum: tokens.balance,
        charged: stored.metadata.charged,
      });

      // Retry after the lost connection answers the stored question again, without storing it
      // a second time; the cut-off answer stays.
      llm.script({ text: 'It must come back within 21 days [1].' });
      const again = await retry(me.accessToken, id, answerId);
      expect(again.status).toBe(200);
      const retried = parseUiStream(await again.text()).parts;
      expect(textOf(retried)).toBe('It must come back within 21 days [1].');
      const conversation = (await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).json();
      expect(rolesAndStatuses(conversation)).toEqual(cutOffThenRetried);
      expect(
        llm
          .requests()
          .at(-1)!
          .messages.map((m) => m.content),
      ).toEqual([expect.stringContaining('legal information assistant'), 'Tell me about deposits']);
      const after = (await h!.me('GET', '/api/tokens', me.accessToken)).json();
      expect(finishOf(retried).balance).toBe(after.balance);
      expect((await ledger(me.userId)).sum).toBe(after.balance);
    },
  );

  it.skipIf(skip)(
    'a chat deleted while its answer streams: the reply is settled all the same, and nothing of it is stored',
    async () => {
      await start(llm.env());
      const me = await h!.signUp('ada@example.com', password);
      llm.script(longAnswer);
      const id = randomUUID();
      const controller = new AbortController();
      const response = await send(me.accessToken, id, 'Tell me about deposits', controller.signal);
      await readUntilAnswerBegins(response);
      expect((await h!.me('DELETE', `/api/conversations/${id}`, me.accessToken)).statusCode).toBe(
        204,
      );
      controller.abort();

      // The reservation is settled at once, not left to the sweeper: the count of streaming
      // replies is back to 0, and the words written were charged.
      const tokensNow = async () => (await h!.me('GET', '/api/tokens', me.accessToken)).json();
      await expect.poll(async () => (await tokensNow()).streaming, { timeout: 5000 }).toBe(0);
      const tokens = await tokensNow();
      const { sum, charged } = await ledger(me.userId);
      expect(charged).toBeGreaterThan(0);
      expect(freeDailyTokens - tokens.balance).toBe(charged);
      expect(sum).toBe(tokens.balance);
      expect((await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).statusCode).toBe(404);
      expect(
        await h!.env.db.kysely
          .selectFrom('chat_messages')
          .select('id')
          .where('conversation_id', '=', id)
          .execute(),
      ).toEqual([]);
      expect(logs.join('')).not.toContain('could not settle a reply');
    },
  );

  it.skipIf(skip)(
    'a model that fails before or during the stream shows an error part and charges nothing',
    async () => {
      await start(llm.env());
      const me = await h!.signUp('ada@example.com', password);
      // Failing twice: the provider call is retried once before anything is streamed.
      llm.script(
        { text: 'never sent', failBeforeStream: 503 },
        { text: 'never sent', failBeforeStream: 503 },
      );
      const before = await ask(
        me.accessToken,
        randomUUID(),
        'Can my landlord evict me without notice?',
      );
      expect(before.parts.find((p) => p.type === 'error')).toMatchObject({
        errorText: 'The answer could not be written. Please try again.',
      });
      expect(finishOf(before.parts)).toMatchObject({ charged: 0, status: 'error' });

      llm.script({ text: 'one two three four five six', failAfterChunks: 3 });
      const during = await ask(
        me.accessToken,
        randomUUID(),
        'What is the small claims limit in Texas?',
      );
      expect(textOf(during.parts)).toBe('one two three ');
      expect(finishOf(during.parts)).toMatchObject({
        charged: 0,
        balance: freeDailyTokens,
        status: 'error',
      });
    },
  );

  it.skipIf(skip)(
    'Retry answers the stored question again: stored once, the failed answer kept, then the new one',
    async () => {
      await start(llm.env());
      const me = await h!.signUp('ada@example.com', password);
      const id = randomUUID();
      // Failing twice: the provider call is retried once before anything is streamed.
      llm.script({ text: 'x', failBeforeStream: 503 }, { text: 'x', failBeforeStream: 503 });
      const failed = await ask(me.accessToken, id, 'Can my landlord keep my deposit?');
      const begin = failed.parts.find((p) => p.type === 'start')!;
      const failedId = begin.messageId as string;
      const questionId = (begin.messageMetadata as { userMessageId: string }).userMessageId;
      expect(finishOf(failed.parts)).toMatchObject({ status: 'error', charged: 0 });

      llm.script({ text: 'It must come back within 21 days [1].' });
      const response = await retry(me.accessToken, id, failedId);
      expect(response.status).toBe(200);
      const retried = parseUiStream(await response.text()).parts;
      expect(textOf(retried)).toBe('It must come back within 21 days [1].');
      // The stream names the stored question, not a new one.
      expect(retried[0]).toMatchObject({
        type: 'start',
        messageMetadata: { conversationId: id, userMessageId: questionId },
      });
      // The model is asked the question once, with nothing of the failed answer.
      const prompt = llm.requests().at(-1)!.messages;
      expect(prompt.map((m) => m.role)).toEqual(['system', 'user']);
      expect(prompt[1]!.content).toBe('Can my landlord keep my deposit?');

      // Charged as any reply: the provider's usage, in the ledger and the balance.
      const finish = finishOf(retried);
      expect(finish.status).toBe('complete');
      expect(finish.charged).toBeGreaterThan(0);
      expect(await ledger(me.userId)).toEqual({ sum: finish.balance, charged: finish.charged });

      const conversation = (await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).json();
      expect(
        conversation.messages.map((m: ChatMessage) => [m.id, m.role, m.metadata.status]),
      ).toEqual([
        [questionId, 'user', 'complete'],
        [failedId, 'assistant', 'error'],
        [retried[0]!.messageId, 'assistant', 'complete'],
      ]);
      expect(messageText(conversation.messages[2])).toBe('It must come back within 21 days [1].');
      expect(conversation.messages[2].metadata.charged).toBe(finish.charged);

      // The failed answer is no longer the newest: it cannot be retried again.
      const again = await retry(me.accessToken, id, failedId);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        error: {
          code: 'chat.retry_not_possible',
          message: 'That answer can no longer be retried.',
        },
      });
      // A complete answer and a question cannot be retried either.
      for (const other of [conversation.messages[2].id, questionId]) {
        const refused = await retry(me.accessToken, id, other);
        expect(refused.status).toBe(409);
        expect((await refused.json()).error.code).toBe('chat.retry_not_possible');
      }
      expect(
        (await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).json().messages,
      ).toHaveLength(3);
      expect(llm.requests()).toHaveLength(3);
    },
  );

  it.skipIf(skip)(
    'Retry sent the moment the connection is lost waits for the cut-off answer, then answers',
    async () => {
      await start(llm.env());
      const me = await h!.signUp('ada@example.com', password);
      const id = randomUUID();
      llm.script(longAnswer);
      const cut = new AbortController();
      const response = await send(
        me.accessToken,
        id,
        'How do I contest a speeding ticket?',
        cut.signal,
      );
      // Read until the answer has begun, then lose the connection and retry at once, before
      // the server has had a turn to store what was written.
      const answerId = await readUntilAnswerBegins(response);
      cut.abort();
      llm.script({ text: 'Back again.' });
      const retried = await retry(me.accessToken, id, answerId);
      expect(retried.status).toBe(200);
      expect(textOf(parseUiStream(await retried.text()).parts)).toBe('Back again.');

      const conversation = (await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).json();
      expect(rolesAndStatuses(conversation)).toEqual(cutOffThenRetried);
      expect(messageText(conversation.messages[1])).toContain('word3');
    },
  );

  it.skipIf(skip)('Retry of a failed answer that is not the newest answers 409', async () => {
    await start(llm.env());
    const me = await h!.signUp('ada@example.com', password);
    const id = randomUUID();
    llm.script({ text: 'one two three four', failAfterChunks: 2 });
    const failed = await ask(me.accessToken, id, 'Can my landlord evict me without notice?');
    const failedId = failed.parts.find((p) => p.type === 'start')!.messageId as string;
    expect(finishOf(failed.parts).status).toBe('error');
    // A new question after it: the failed answer is behind it now.
    llm.script({ text: 'Second answer.' });
    await ask(me.accessToken, id, 'What is the small claims limit in Texas?');
    const refused = await retry(me.accessToken, id, failedId);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('chat.retry_not_possible');

    const balance = (await h!.me('GET', '/api/tokens', me.accessToken)).json().balance;
    expect(await ledger(me.userId)).toMatchObject({ sum: balance });
  });

  it.skipIf(skip)(
    "Retry of another person's answer, or of an answer in another conversation, answers 404",
    async () => {
      await start(llm.env());
      const ada = await h!.signUp('ada@example.com', password);
      const eve = await h!.signUp('eve@example.com', password);
      const id = randomUUID();
      llm.script({ text: 'x', failBeforeStream: 503 }, { text: 'x', failBeforeStream: 503 });
      const failed = await ask(
        ada.accessToken,
        id,
        'Can my landlord keep my deposit for cleaning?',
      );
      const failedId = failed.parts.find((p) => p.type === 'start')!.messageId as string;

      // Eve, in Ada's conversation and in one of her own.
      const inAdas = await retry(eve.accessToken, id, failedId);
      expect(inAdas.status).toBe(404);
      expect((await inAdas.json()).error.code).toBe('route.not_found');
      const eveId = randomUUID();
      llm.script({ text: 'Eve’s answer.' });
      await ask(eve.accessToken, eveId, 'How do I get my security deposit back?');
      const inHers = await retry(eve.accessToken, eveId, failedId);
      expect(inHers.status).toBe(404);
      // A conversation that does not exist is not made by a retry.
      const nowhere = randomUUID();
      expect((await retry(ada.accessToken, nowhere, failedId)).status).toBe(404);
      expect(
        (await h!.me('GET', `/api/conversations/${nowhere}`, ada.accessToken)).statusCode,
      ).toBe(404);
      // Ada's own answer id, asked for in another of her conversations.
      const other = randomUUID();
      llm.script({ text: 'Another answer.' });
      await ask(ada.accessToken, other, 'Do I need a lawyer for small claims court?');
      expect((await retry(ada.accessToken, other, failedId)).status).toBe(404);

      // Nothing moved: Ada's conversation as it was, Eve charged nothing for the refusals.
      const adaView = (await h!.me('GET', `/api/conversations/${id}`, ada.accessToken)).json();
      expect(adaView.messages.map((m: ChatMessage) => m.metadata.status)).toEqual([
        'complete',
        'error',
      ]);
      const eveBalance = (await h!.me('GET', '/api/tokens', eve.accessToken)).json().balance;
      expect(await ledger(eve.userId)).toMatchObject({ sum: eveBalance });
      // And Ada can still retry it.
      llm.script({ text: 'Now it worked.' });
      const ok = await retry(ada.accessToken, id, failedId);
      expect(ok.status).toBe(200);
      expect(textOf(parseUiStream(await ok.text()).parts)).toBe('Now it worked.');
    },
  );

  it.skipIf(skip)(
    'two retries of one failed answer at once: one answers, the other 409',
    async () => {
      await start({ ...llm.env(), CHAT_MAX_CONCURRENT_PER_USER: '5' });
      const me = await h!.signUp('ada@example.com', password);
      const id = randomUUID();
      llm.script({ text: 'x', failBeforeStream: 503 }, { text: 'x', failBeforeStream: 503 });
      const failed = await ask(
        me.accessToken,
        id,
        'How long does my landlord have to return my deposit?',
      );
      const failedId = failed.parts.find((p) => p.type === 'start')!.messageId as string;
      llm.setDefault({ text: 'An answer.', firstTokenDelayMs: 200 });
      const responses = await Promise.all([
        retry(me.accessToken, id, failedId),
        retry(me.accessToken, id, failedId),
      ]);
      const statuses = responses.map((r) => r.status).sort();
      await Promise.all(responses.map((r) => r.text()));
      expect(statuses).toEqual([200, 409]);
      const messages = (await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).json()
        .messages;
      expect(messages.map((m: { role: string }) => m.role)).toEqual([
        'user',
        'assistant',
        'assistant',
      ]);
      const balance = (await h!.me('GET', '/api/tokens', me.accessToken)).json().balance;
      expect(await ledger(me.userId)).toMatchObject({ sum: balance });
    },
  );

  it.skipIf(skip)('refuses before streaming with JSON errors: 400, 413, 402, 429', async () => {
    await start({ ...llm.env(), CHAT_MAX_CONCURRENT_PER_USER: '1' });
    const me = await h!.signUp('ada@example.com', password);
    const empty = await send(me.accessToken, randomUUID(), '   ');
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe('chat.empty_message');
    const long = await send(me.accessToken, randomUUID(), 'x'.repeat(8001));
    expect(long.status).toBe(413);
    expect((await long.json()).error.code).toBe('chat.message_too_long');
    // Longer still, up to and past what a body may hold: too long, never merely invalid.
    for (const length of [40_000, 64_000, 200_000]) {
      const longer = await send(me.accessToken, randomUUID(), 'x'.repeat(length));
      expect(longer.status, `${length} characters`).toBe(413);
    }
    const badId = await send(me.accessToken, 'not-a-uuid', 'Hello?');
    expect(badId.status).toBe(400);

    // One reply streaming: a second at once is refused.
    llm.script({ text: 'slow answer here', firstTokenDelayMs: 800 });
    const first = send(
      me.accessToken,
      randomUUID(),
      'Can my landlord raise the rent during my lease?',
    );
    await expect
      .poll(async () => {
        const row = await h!.env.db.kysely
          .selectFrom('token_accounts')
          .select('open_streams')
          .where('user_id', '=', me.userId)
          .executeTakeFirst();
        return row?.open_streams;
      })
      .toBe(1);
    const busy = await send(me.accessToken, randomUUID(), 'How do I file in small claims court?');
    expect(busy.status).toBe(429);
    expect((await busy.json()).error.code).toBe('chat.too_many_replies');
    await (await first).text();

    // A balance too small for a reply: 402, and nothing is stored.
    const tokens = createTokensService({
      config: h!.env.config,
      db: h!.env.db,
      log: pino({ level: 'silent' }),
    });
    const status = (await h!.me('GET', '/api/tokens', me.accessToken)).json();
    await tokens.reserveTokens({ userId: me.userId, promptTokens: 0, outputCap: status.balance });
    const id = randomUUID();
    const broke = await send(
      me.accessToken,
      id,
      'How much notice must my landlord give before eviction?',
    );
    expect(broke.status).toBe(402);
    expect(await broke.json()).toEqual({
      error: { code: 'tokens.insufficient', message: 'Become a Premium member' },
    });
    expect((await h!.me('GET', `/api/conversations/${id}`, me.accessToken)).statusCode).toBe(404);
  });

  it.skipIf(skip)(
    "answers 404 for another person's conversation and message ids on every route",
    async () => {
      await start();
      const ada = await h!.signUp('ada@example.com', password);
      const eve = await h!.signUp('eve@example.com', password);
      const id = randomUUID();
      const { parts } = await ask(ada.accessToken, id, 'How long for my deposit?');
      const messageId = parts.find((p) => p.type === 'start')!.messageId as string;

      const attempts = [
        h!.me('GET', `/api/conversations/${id}`, eve.accessToken),
        h!.me('PATCH', `/api/conversations/${id}`, eve.accessToken, { title: 'mine now' }),
        h!.me('DELETE', `/api/conversations/${id}`, eve.accessToken),
        h!.me('POST', `/api/messages/${messageId}/feedback`, eve.accessToken, { rating: 'down' }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('route.not_found');
      }
      const continued = await send(eve.accessToken, id, 'Continue, please: deposit?');
      expect(continued.status).toBe(404);
      expect(
        (await h!.me('GET', '/api/conversations', eve.accessToken)).json().conversations,
      ).toEqual([]);
      const adaView = (await h!.me('GET', `/api/conversations/${id}`, ada.accessToken)).json();
      expect(adaView.title).toBe('How long for my deposit?');
      expect(adaView.messages).toHaveLength(2);
      expect(adaView.messages[1].metadata.feedback).toBeNull();
      // Eve spent nothing on the refused continuation.
      expect((await h!.me('GET', '/api/tokens', eve.accessToken)).json().balance).toBe(
        freeDailyTokens,
      );
    },
  );

  it.skipIf(skip)('lists, pages, searches, renames, rates and deletes conversations', async () => {
    await start();
    const me = await h!.signUp('ada@example.com', password);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const id = randomUUID();
      ids.push(id);
      await ask(me.accessToken, id, i === 5 ? 'My deposit 100%_ question' : `Tell me a joke ${i}`);
    }
    const first = (await h!.me('GET', '/api/conversations', me.accessToken)).json();
    expect(first.conversations).toHaveLength(20);
    expect(first.conversations[0].id).toBe(ids[22]);
    const second = (
      await h!.me(
        'GET',
        `/api/conversations?cursor=${encodeURIComponent(first.nextCursor)}`,
        me.accessToken,
      )
    ).json();
    expect(second.conversations.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();

    // Search matches titles and message text; % and _ are plain characters.
    const search = async (q: string) =>
      (await h!.me('GET', `/api/conversations?q=${encodeURIComponent(q)}`, me.accessToken))
        .json()
        .conversations.map((c: { id: string }) => c.id);
    expect(await search('100%_')).toEqual([ids[5]]);
    expect(await search('%')).toEqual([ids[5]]);
    expect(await search('What to do')).toEqual([ids[5]]);
    expect(await search('nothing like this')).toEqual([]);

    const renamed = await h!.me('PATCH', `/api/conversations/${ids[5]}`, me.accessToken, {
      title: '  Deposit  ',
    });
    expect(renamed.json().title).toBe('Deposit');
    const conversation = (
      await h!.me('GET', `/api/conversations/${ids[5]}`, me.accessToken)
    ).json();
    const answer = conversation.messages[1];
    expect(
      (
        await h!.me('POST', `/api/messages/${answer.id}/feedback`, me.accessToken, {
          rating: 'up',
        })
      ).statusCode,
    ).toBe(204);
    // A question cannot be rated, only an answer.
    expect(
      (
        await h!.me(
          'POST',
          `/api/messages/${conversation.messages[0].id}/feedback`,
          me.accessToken,
          {
            rating: 'up',
          },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await h!.me('GET', `/api/conversations/${ids[5]}`, me.accessToken)).json().messages[1]
        .metadata.feedback,
    ).toBe('up');
    expect((await h!.me('DELETE', `/api/conversations/${ids[5]}`, me.accessToken)).statusCode).toBe(
      204,
    );
    expect((await h!.me('GET', `/api/conversations/${ids[5]}`, me.accessToken)).statusCode).toBe(
      404,
    );
    // Cursors the server never gives: not base64 of "time|id", a time or an id in another form.
    const cursor = (text: string) => Buffer.from(text).toString('base64url');
    for (const bad of [
      'bm9wZQ',
      cursor(`1|${ids[0]}`),
      cursor(`2020|${ids[0]}`),
      cursor(`May 1, 2026|${ids[0]}`),
      cursor(`2026-02-30T10:00:00.000Z|${ids[0]}`),
      cursor(`2026-11-24T10:00:00.000Z|x`),
      cursor(`2026-11-24T10:00:00.000Z|${ids[0]}|more`),
      // Times toISOString writes but PostgreSQL cannot store (years 0, beyond 9999, negative).
      cursor(`0000-01-01T00:00:00.000Z|${ids[0]}`),
      cursor(`+010000-01-01T00:00:00.000Z|${ids[0]}`),
      cursor(`-000001-01-01T00:00:00.000Z|${ids[0]}`),
      cursor(`+275760-09-13T00:00:00.000Z|${ids[0]}`),
    ]) {
      const response = await h!.me('GET', `/api/conversations?cursor=${bad}`, me.accessToken);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe('request.invalid');
    }
    // The first and last times both databases store are cursors like any other (a full page
    // of 20 comes before the last).
    for (const [time, count] of [
      ['0001-01-01T00:00:00.000Z', 0],
      ['9999-12-31T23:59:59.999Z', 20],
    ] as const) {
      const response = await h!.me(
        'GET',
        `/api/conversations?cursor=${cursor(`${time}|${ids[0]}`)}`,
        me.accessToken,
      );
      expect(response.statusCode, time).toBe(200);
      expect(response.json().conversations, time).toHaveLength(count);
    }
  });

  it.skipIf(skip)('records the first-use notice once per account', async () => {
    await start();
    const me = await h!.signUp('ada@example.com', password);
    expect((await h!.me('GET', '/api/chat/notice', me.accessToken)).json()).toEqual({
      acknowledgedAt: null,
    });
    const first = (await h!.me('POST', '/api/chat/notice', me.accessToken)).json();
    expect(first.acknowledgedAt).toEqual(expect.any(String));
    const again = (await h!.me('POST', '/api/chat/notice', me.accessToken)).json();
    expect(again.acknowledgedAt).toBe(first.acknowledgedAt);
  });
});
