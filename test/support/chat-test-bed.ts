import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { startLlmFake, type LlmFake } from '../fakes/llm-server';
import { createAuthHarness, type AuthHarness, type Session } from './auth-harness';
import { listen } from './chat-harness';
import type { DatabaseTarget } from './databases';
import { testGuideLibrary } from './guides';

export const testPassword = 'correct horse battery staple';

/** A POST to one conversation's routes (`/messages`, `/stop`), as one person, on one instance. */
export type ConversationPost = (
  path: string,
  body: unknown,
  signal?: AbortSignal,
) => Promise<Response>;

export function conversationPost(
  base: string,
  accessToken: string,
  conversationId: string,
): ConversationPost {
  return (path, body, signal) =>
    fetch(`${base}/api/conversations/${conversationId}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
}

/** An app started for one test, listening on a port of this machine (`base`). */
export interface ChatApp {
  h: AuthHarness;
  base: string;
}

/**
 * The chat tests' set-up, called once at the top of a test file: the model stand-in `llm`
 * (started before the file's tests, reset after each, closed after all), and the apps a test
 * starts, each closed after it. Every app is built as production builds it, on a fresh database,
 * with the test guide library.
 */
export function chatTestBed() {
  let fake: LlmFake | undefined;
  const open: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    fake = await startLlmFake();
  });
  afterAll(() => fake?.close());
  afterEach(async () => {
    // The second instances first: the first app's close drops the test database.
    for (const app of open.splice(0).reverse()) await app.close();
    fake?.reset();
  });

  const started = () => {
    if (!fake) throw new Error('the model stand-in starts before the tests');
    return fake;
  };
  /** The model stand-in, usable anywhere a test runs. */
  const llm: LlmFake = {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
    env: () => started().env(),
    script: (...replies) => started().script(...replies),
    setDefault: (reply) => started().setDefault(reply),
    requests: () => started().requests(),
    aborted: () => started().aborted(),
    reset: () => started().reset(),
    close: () => started().close(),
  };

  /** An app on a fresh `kind` database, its environment added to the test's. */
  async function startApp(
    kind: DatabaseTarget,
    env: Record<string, string> = {},
    logger?: { level: string; stream: NodeJS.WritableStream },
  ): Promise<ChatApp> {
    const h = await createAuthHarness(kind, env, logger, { guides: testGuideLibrary() });
    open.push(h);
    return { h, base: await listen(h.app) };
  }

  /** A second instance of an app on the same database, with a pool of its own: its address. */
  async function startSecondInstance(first: ChatApp): Promise<string> {
    const other: App = await buildApp(first.h.env.config, {
      logger: false,
      guides: testGuideLibrary(),
    });
    open.push(other);
    return listen(other);
  }

  /** An app answering from the model stand-in, with Ada signed up and a new chat of hers. */
  async function startWithChat(kind: DatabaseTarget): Promise<
    ChatApp & {
      me: Session;
      id: string;
      post: ConversationPost;
    }
  > {
    const app = await startApp(kind, llm.env());
    const me = await app.h.signUp('ada@example.com', testPassword);
    const id = randomUUID();
    return { ...app, me, id, post: conversationPost(app.base, me.accessToken, id) };
  }

  return { llm, startApp, startSecondInstance, startWithChat };
}
