// The app for bench:chat, in a process of its own so that the load generator and the model
// stand-in do not share its event loop. Configuration comes from the environment (LLM_* for a
// model, none for library mode); it makes BENCH_USERS verified people, listens on a free port
// and prints one JSON line: { base, tokens }.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadGuideLibrary } from '../src/server/modules/guides/loader';
import { signedInPersonOnPlan, startInProcessApp } from './support/in-process-app';
import { modelEnv, numberFromEnv } from './support/options';

const password = 'bench-password-for-timing';
const users = numberFromEnv('BENCH_USERS', 50);

// BENCH_DATA_DIR: start on the data of an earlier run (its people and secret, so its tokens
// stay valid), make no one, and keep the data: a fresh instance of a deployment that already has
// its users, as bench:chat's "burst right after ready" starts one cold each round.
const reuse = process.env.BENCH_DATA_DIR;
const dataDir = reuse || mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-chat-'));
const server = await startInProcessApp({
  dataDir,
  env: {
    ...modelEnv(),
    CHAT_MAX_CONCURRENT_PER_USER: '100',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_LIMIT_PER_IP: '100000',
  },
  // The guides are the real ones (content/guides), as in production: the assistant answers from them.
  guides: loadGuideLibrary(),
});
const { base } = server;
// One person per stream, each on the Standard plan (500,000 tokens a month), so no allowance
// runs out over the rounds.
const tokens: string[] = [];
for (let i = 0; i < (reuse ? 0 : users); i++) {
  tokens.push(
    await signedInPersonOnPlan(server, {
      email: `bench${i}@example.com`,
      password,
      planId: 'standard-month',
    }),
  );
}
// Ready as a load balancer sees it: /readyz answers 200 once the reply path is warm.
for (;;) {
  if ((await fetch(`${base}/readyz`)).ok) break;
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.stdout.write(`${JSON.stringify({ base, tokens, dataDir })}\n`);

process.on('SIGTERM', () => {
  void server
    .close({ keepData: Boolean(reuse || process.env.BENCH_KEEP_DATA) })
    .finally(() => process.exit(0));
});
