import type { FastifyBaseLogger } from 'fastify';

/**
 * What must be loaded before the instance says it is ready (`GET /readyz`): a load balancer sends
 * a fresh instance its share of traffic as soon as it is, and the first burst of questions should
 * find the reply path as fast as later ones (compiled code, the model's thread, the tokenizer, the
 * guides' index, database statements). The server listens (and `/healthz` answers) meanwhile.
 */
export interface WarmUp {
  /** A task run once by start(); a failure is logged and does not hold readiness. */
  add(name: string, task: () => unknown): void;
  /** Runs the tasks one after another; resolves when all have settled. */
  start(): Promise<void>;
  readonly done: boolean;
}

export function createWarmUp(log: FastifyBaseLogger): WarmUp {
  const tasks: { name: string; task: () => unknown }[] = [];
  let done = false;
  let started: Promise<void> | undefined;
  return {
    add(name, task) {
      tasks.push({ name, task });
    },
    start() {
      started ??= (async () => {
        const began = performance.now();
        // One after another: on a small machine, in parallel they would only compete for it.
        for (const { name, task } of tasks) {
          try {
            await task();
          } catch (error) {
            log.warn({ err: error, task: name }, `warm-up: ${name} failed`);
          }
        }
        done = true;
        log.info({ warmUpMs: Math.round(performance.now() - began) }, 'warmed up');
      })();
      return started;
    },
    get done() {
      return done;
    },
  };
}

/** The address the warm-up's requests come from (TEST-NET-1, which no client has). */
export const warmUpAddress = '192.0.2.1';

/**
 * Sends the app, in process, the requests whose code the first replies run (routing, hooks,
 * validation, serialization, the error path, the guide search and its database reads), so that
 * code is compiled before people arrive. From an address of its own (TEST-NET-1): no rate limit
 * of a real client is spent.
 */
export async function warmRequests(app: {
  inject(options: {
    method: 'GET' | 'POST';
    url: string;
    remoteAddress: string;
    payload?: object;
  }): PromiseLike<unknown>;
}) {
  const remoteAddress = warmUpAddress;
  const requests: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
    { method: 'GET', url: '/api/guides/search?q=security%20deposit' },
    { method: 'GET', url: '/api/me' },
    { method: 'GET', url: '/api/tokens' },
    { method: 'GET', url: '/api/conversations' },
    {
      method: 'POST',
      url: '/api/conversations/00000000-0000-4000-8000-000000000000/messages',
      payload: { text: 'How long can my landlord keep my deposit?' },
    },
  ];
  for (let round = 0; round < 3; round++) {
    for (const request of requests) await app.inject({ ...request, remoteAddress });
  }
}
