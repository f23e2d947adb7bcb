import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeModel, startLlmFake, type LlmFake } from '../../../test/fakes/llm-server.js';
import { createModelThread } from './model-thread.js';
import { rehearse } from './rehearsal.js';

let llm: LlmFake;
beforeAll(async () => {
  llm = await startLlmFake();
});
afterAll(() => llm.close());

const settings = () => ({
  baseUrl: llm.url,
  apiKey: 'sk-test-key',
  model: fakeModel,
  firstTokenTimeoutMs: 5_000,
  replyTimeoutMs: 20_000,
});

describe("the model thread's rehearsal", () => {
  it('reads its replies from a stand-in of its own, never from the provider', async () => {
    llm.reset();
    await rehearse(settings(), { replies: 4, atOnce: 2, pieces: 5 });
    expect(llm.requests()).toEqual([]);
  });

  it('leaves a thread started ahead of use answering as before', async () => {
    llm.reset();
    llm.script({ text: 'Rehearsed and ready.' });
    const thread = createModelThread(settings());
    try {
      await thread.ready();
      expect(llm.requests()).toEqual([]);
      let text = '';
      for await (const event of thread.stream({
        system: 'You answer from the guides given.',
        messages: [{ role: 'user', content: 'Are you ready?' }],
        maxOutputTokens: 50,
        signal: new AbortController().signal,
      })) {
        if (event.type === 'text') text += event.text;
      }
      expect(text).toBe('Rehearsed and ready.');
      expect(llm.requests()).toHaveLength(1);
    } finally {
      await thread.close();
    }
  });
});
