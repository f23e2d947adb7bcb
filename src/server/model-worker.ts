import { parentPort, workerData } from 'node:worker_threads';
import type { FromModelThread, ModelThreadData, ToModelThread } from './llm/model-thread.js';
import { lazyModules } from './llm/lazy-modules.js';
import { createOpenAICompatibleSource } from './llm/openai-compatible.js';
import { ReplyError } from './llm/reply-source.js';
import { rehearse } from './llm/rehearsal.js';

// The model's thread (src/server/llm/model-thread.ts): runs each reply the event loop asks for
// through the OpenAI-compatible source and posts back its events, those of one turn together.

const port = parentPort!;
const { rehearse: rehearseFirst, ...settings } = workerData as ModelThreadData;
const source = createOpenAICompatibleSource(settings);
// The provider loads now rather than on the first reply.
lazyModules.openaiCompatible();
const running = new Map<number, AbortController>();

let outbox: FromModelThread = [];
function post(item: FromModelThread[number]) {
  if (outbox.length === 0) setImmediate(flush);
  outbox.push(item);
}
function flush() {
  const batch = outbox;
  outbox = [];
  port.postMessage(batch);
}

async function run(message: Extract<ToModelThread, { type: 'start' }>) {
  const stop = new AbortController();
  running.set(message.id, stop);
  try {
    for await (const event of source.stream({ ...message, signal: stop.signal })) {
      post({ id: message.id, event });
    }
    post({ id: message.id, end: true });
  } catch (error) {
    const failure =
      error instanceof ReplyError
        ? error
        : new ReplyError('provider_failed', error instanceof Error ? error.message : String(error));
    post({ id: message.id, error: { reason: failure.reason, message: failure.message } });
  } finally {
    running.delete(message.id);
  }
}

port.on('message', (message: ToModelThread) => {
  if (message.type === 'start') void run(message);
  else running.get(message.id)?.abort();
});
// Started ahead of the first reply (readiness), the thread first reads a few replies from a
// stand-in (llm/rehearsal.ts); replies asked for meanwhile are served alongside.
if (rehearseFirst) await rehearse(settings);
// An empty batch says the thread has loaded (model-thread.ts's ready()).
port.postMessage([] satisfies FromModelThread);
