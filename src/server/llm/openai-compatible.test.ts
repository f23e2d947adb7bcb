import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chunksOf, fakeModel, startLlmFake, type LlmFake } from '../../../test/fakes/llm-server.js';
import { createModelThread } from './model-thread.js';
import { createOpenAICompatibleSource, type ModelSettings } from './openai-compatible.js';
import {
  ReplyError,
  type ReplyEvent,
  type ReplyRequest,
  type ReplySource,
} from './reply-source.js';

// The model source against a real OpenAI-compatible server on this machine: what it sends, what
// it reads back, and how it ends a reply that fails, stalls or runs too long. Each case runs
// twice: the source itself, and the source in the model's thread, as the server runs it.

let llm: LlmFake;
beforeAll(async () => {
  llm = await startLlmFake();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const threads: ReturnType<typeof createModelThread>[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

function settings(overrides: Partial<ModelSettings> = {}): ModelSettings {
  return {
    baseUrl: llm.url,
    apiKey: 'sk-test-key',
    model: fakeModel,
    firstTokenTimeoutMs: 5_000,
    replyTimeoutMs: 20_000,
    ...overrides,
  };
}

function inThread(overrides: Partial<ModelSettings> = {}) {
  const thread = createModelThread(settings(overrides));
  threads.push(thread);
  return thread;
}

const sources: [string, (overrides?: Partial<ModelSettings>) => ReplySource][] = [
  [
    'the OpenAI-compatible model source',
    (overrides) => createOpenAICompatibleSource(settings(overrides)),
  ],
  ['the same source in the model’s thread', inThread],
];

function request(signal = new AbortController().signal): ReplyRequest {
  return {
    system: 'You answer from the guides given.',
    messages: [
      { role: 'user', content: 'Can my landlord keep my deposit?' },
      { role: 'assistant', content: 'It depends on the lease.' },
      { role: 'user', content: 'What if the flat was clean?' },
    ],
    maxOutputTokens: 300,
    signal,
  };
}

/** Everything the source wrote, and how it ended. */
async function collect(events: AsyncIterable<ReplyEvent>) {
  const seen: ReplyEvent[] = [];
  try {
    for await (const event of events) seen.push(event);
    return { seen, error: undefined };
  } catch (error) {
    return { seen, error };
  }
}

const textOf = (events: ReplyEvent[]) =>
  events.map((event) => (event.type === 'text' ? event.text : '')).join('');

describe.each(sources)('%s', (_name, source) => {
  it('sends the system prompt, the conversation and the limit, and streams the answer and its usage', async () => {
    const answer = 'A landlord must return the deposit within the time the law sets.';
    llm.script({ text: answer });
    const { seen, error } = await collect(source().stream(request()));

    expect(error).toBeUndefined();
    expect(textOf(seen)).toBe(answer);
    expect(seen.filter((event) => event.type === 'text')).toHaveLength(chunksOf(answer).length);
    const finish = seen.at(-1);
    expect(finish).toMatchObject({ type: 'finish', usage: { input: expect.any(Number) } });
    expect(finish?.type === 'finish' && finish.usage!.output).toBeGreaterThan(0);

    const [sent] = llm.requests();
    expect(sent).toEqual({
      model: fakeModel,
      messages: [
        { role: 'system', content: 'You answer from the guides given.' },
        { role: 'user', content: 'Can my landlord keep my deposit?' },
        { role: 'assistant', content: 'It depends on the lease.' },
        { role: 'user', content: 'What if the flat was clean?' },
      ],
      maxTokens: 300,
      includeUsage: true,
      authorization: 'Bearer sk-test-key',
    });
  });

  it('finishes without usage when the provider reports none', async () => {
    llm.script({ text: 'Short answer.', usage: 'none' });
    const { seen, error } = await collect(source().stream(request()));
    expect(error).toBeUndefined();
    expect(seen.at(-1)).toEqual({ type: 'finish', usage: undefined });
  });

  it('tries once more when the provider is unavailable before the first byte', async () => {
    llm.script({ text: 'ignored', failBeforeStream: 503 }, { text: 'Second time lucky.' });
    const { seen, error } = await collect(source().stream(request()));
    expect(error).toBeUndefined();
    expect(textOf(seen)).toBe('Second time lucky.');
    expect(llm.requests()).toHaveLength(2);
  });

  it('gives up after the one retry', async () => {
    llm.script(
      { text: 'ignored', failBeforeStream: 503 },
      { text: 'ignored', failBeforeStream: 503 },
      { text: 'never asked for' },
    );
    const { seen, error } = await collect(source().stream(request()));
    expect(seen).toEqual([]);
    expect(error).toBeInstanceOf(ReplyError);
    expect((error as ReplyError).reason).toBe('provider_failed');
    expect(llm.requests()).toHaveLength(2);
  });

  it('does not retry a request the provider refuses', async () => {
    llm.script({ text: 'ignored', failBeforeStream: 400 }, { text: 'never asked for' });
    const { error } = await collect(source().stream(request()));
    expect((error as ReplyError).reason).toBe('provider_failed');
    expect(llm.requests()).toHaveLength(1);
  });

  it('keeps what was written when the connection drops, and says the provider failed', async () => {
    llm.script({ text: 'one two three four five six', failAfterChunks: 3 });
    const { seen, error } = await collect(source().stream(request()));
    expect(textOf(seen)).toBe('one two three ');
    expect((error as ReplyError).reason).toBe('provider_failed');
    expect(llm.requests()).toHaveLength(1);
  });

  it('ends with first_token_timeout when nothing arrives in time', async () => {
    llm.script({ text: 'Too late.', firstTokenDelayMs: 2_000 });
    const { seen, error } = await collect(source({ firstTokenTimeoutMs: 200 }).stream(request()));
    expect(seen).toEqual([]);
    expect((error as ReplyError).reason).toBe('first_token_timeout');
  });

  it('ends with reply_timeout when the reply runs too long, after what was written', async () => {
    llm.script({ text: 'word '.repeat(200), tokensPerSecond: 20 });
    const { seen, error } = await collect(source({ replyTimeoutMs: 400 }).stream(request()));
    expect(textOf(seen).length).toBeGreaterThan(0);
    expect(textOf(seen).length).toBeLessThan('word '.repeat(200).length);
    expect((error as ReplyError).reason).toBe('reply_timeout');
    await expect.poll(() => llm.aborted()).toBe(1);
  });

  it('ends quietly when the person stops, and closes the provider’s stream', async () => {
    llm.script({ text: 'word '.repeat(200), tokensPerSecond: 20 });
    const stop = new AbortController();
    const events = source().stream(request(stop.signal));
    const seen: ReplyEvent[] = [];
    for await (const event of events) {
      seen.push(event);
      if (seen.length === 3) stop.abort();
    }
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((event) => event.type === 'text')).toBe(true);
    await expect.poll(() => llm.aborted()).toBe(1);
  });
});

describe('the model’s thread', () => {
  it('closes the provider’s stream when the reader stops reading', async () => {
    llm.script({ text: 'word '.repeat(200), tokensPerSecond: 20 });
    let read = 0;
    for await (const event of inThread().stream(request())) {
      expect(event.type).toBe('text');
      if (++read === 3) break;
    }
    await expect.poll(() => llm.aborted()).toBe(1);
  });

  it('writes several replies at once, each with its own text', async () => {
    const answers = ['First answer, about deposits.', 'Second answer, about notice.', 'Third.'];
    llm.script(...answers.map((text) => ({ text, tokensPerSecond: 100 })));
    const thread = inThread();
    const results = await Promise.all(answers.map(() => collect(thread.stream(request()))));
    expect(results.map(({ seen }) => textOf(seen)).sort()).toEqual([...answers].sort());
    expect(results.every(({ error }) => error === undefined)).toBe(true);
  });

  it('fails the replies it was writing when it stops, and the next reply starts it again', async () => {
    llm.script({ text: 'word '.repeat(200), tokensPerSecond: 20 }, { text: 'A new thread.' });
    const thread = inThread();
    const events = thread.stream(request());
    const first = await events.next();
    expect(first.value).toMatchObject({ type: 'text' });
    const rest = collect({ [Symbol.asyncIterator]: () => events });
    await thread.close();
    const { error } = await rest;
    expect(error).toBeInstanceOf(ReplyError);
    expect((error as ReplyError).reason).toBe('provider_failed');

    const next = await collect(thread.stream(request()));
    expect(next.error).toBeUndefined();
    expect(textOf(next.seen)).toBe('A new thread.');
  });

  it('keeps the process alive while it writes a reply, and lets it end after', async () => {
    llm.script({
      text: 'Written to the end, in a process with nothing else to do.',
      tokensPerSecond: 40,
    });
    // A process whose only work is the reply: nothing else holds its event loop open.
    const script = `
      import { createModelThread } from ${JSON.stringify(new URL('./model-thread.ts', import.meta.url).href)};
      const thread = createModelThread(${JSON.stringify(settings())});
      let text = '';
      for await (const event of thread.stream({ system: 's', messages: [{ role: 'user', content: 'q' }], maxOutputTokens: 50, signal: new AbortController().signal })) {
        if (event.type === 'text') text += event.text;
      }
      process.stdout.write(text);`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 15_000 },
    );
    expect(stdout).toBe('Written to the end, in a process with nothing else to do.');
  });
});
