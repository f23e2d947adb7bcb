import type { Worker } from 'node:worker_threads';
import { startThread } from '../threads.js';
import { warmUpDelayMs } from './lazy-modules.js';
import type { ModelSettings } from './openai-compatible.js';
import {
  ReplyError,
  type ModelMessage,
  type ReplyEvent,
  type ReplyRequest,
  type ReplySource,
} from './reply-source.js';

/** What the thread starts with: the model's settings, and whether to rehearse first (rehearsal.ts). */
export type ModelThreadData = ModelSettings & { rehearse: boolean };

/** What the event loop sends the model's thread. */
export type ToModelThread =
  | { type: 'start'; id: number; system: string; messages: ModelMessage[]; maxOutputTokens: number }
  | { type: 'stop'; id: number };

/** What the model's thread sends back: each reply's events, in order, several at a time. */
export type FromModelThread = (
  | { id: number; event: ReplyEvent }
  | { id: number; end: true }
  | { id: number; error: { reason: ReplyError['reason']; message: string } }
)[];

interface Pending {
  events: FromModelThread;
  wake: (() => void) | undefined;
}

/**
 * The model's source, run in a thread of its own: reading the provider's stream (HTTP, Server-
 * Sent Events, JSON and schema checks, a chain of web streams) costs more CPU per piece of the
 * answer than everything else a reply does, and in the thread it no longer delays the requests
 * and the other replies the event loop serves (decision 0094). The thread starts on first use;
 * if it dies, the replies it was writing fail and the next reply starts a new one.
 */
export function createModelThread(settings: ModelSettings): ReplySource & {
  warm(): void;
  ready(): Promise<void>;
  close(): Promise<void>;
} {
  let worker: Worker | undefined;
  let nextId = 0;
  let closed = false;
  const pending = new Map<number, Pending>();
  /** Settles once the current thread has loaded (its first message) or has failed to. */
  let loaded: Promise<void> | undefined;

  function failAll(message: string) {
    for (const [id, reply] of pending) {
      reply.events.push({ id, error: { reason: 'provider_failed', message } });
      reply.wake?.();
    }
  }

  /** The running thread, or a new one; started ahead of use, it rehearses first. */
  function thread(ahead = false): Worker {
    if (worker) return worker;
    const started = startThread('model', {
      ...settings,
      rehearse: ahead,
    } satisfies ModelThreadData);
    loaded = new Promise<void>((resolve) => {
      started.once('message', () => resolve());
      started.once('error', () => resolve());
      started.once('exit', () => resolve());
    });
    started.on('message', (batch: FromModelThread) => {
      for (const item of batch) {
        const reply = pending.get(item.id);
        if (!reply) continue;
        reply.events.push(item);
        reply.wake?.();
      }
    });
    started.on('error', (error) => failAll(`the model's thread failed: ${error.message}`));
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failAll("the model's thread stopped");
    });
    // Unreferenced once its listeners are on (adding one references it again).
    started.unref();
    worker = started;
    return started;
  }

  return {
    async *stream(request: ReplyRequest): AsyncGenerator<ReplyEvent, void> {
      const id = nextId++;
      const reply: Pending = { events: [], wake: undefined };
      pending.set(id, reply);
      const port = thread();
      // The thread keeps the process alive only while it writes a reply.
      if (pending.size === 1) port.ref();
      const stop = () => port.postMessage({ type: 'stop', id } satisfies ToModelThread);
      const onAbort = () => {
        stop();
        reply.wake?.();
      };
      request.signal.addEventListener('abort', onAbort, { once: true });
      let ended = false;
      try {
        port.postMessage({
          type: 'start',
          id,
          system: request.system,
          messages: request.messages,
          maxOutputTokens: request.maxOutputTokens,
        } satisfies ToModelThread);
        for (;;) {
          if (request.signal.aborted) return;
          const item = reply.events.shift();
          if (!item) {
            await new Promise<void>((resolve) => (reply.wake = resolve));
            reply.wake = undefined;
            continue;
          }
          if ('event' in item) {
            yield item.event;
            if (item.event.type === 'finish') {
              ended = true;
              return;
            }
          } else if ('end' in item) {
            ended = true;
            return;
          } else {
            ended = true;
            throw new ReplyError(item.error.reason, item.error.message);
          }
        }
      } finally {
        request.signal.removeEventListener('abort', onAbort);
        pending.delete(id);
        if (pending.size === 0) port.unref();
        if (!ended) stop();
      }
    },
    /** Starts the thread a moment after start-up, so the first question does not wait for it. */
    warm() {
      setTimeout(() => {
        if (!closed) thread(true);
      }, warmUpDelayMs).unref();
    },
    /** Starts the thread now and settles once it has loaded its code (readiness, warm-up.ts). */
    async ready() {
      if (closed) return;
      thread(true);
      await loaded;
    },
    async close() {
      closed = true;
      const running = worker;
      worker = undefined;
      if (running) await running.terminate();
    },
  };
}
