// The app for bench:chat, in a process of its own so that the load generator and the model
// stand-in do not share its event loop. Configuration comes from the environment (LLM_* for a
// model, none for library mode); it makes BENCH_USERS verified people, listens on a free port
// and prints one JSON line: { base, tokens }.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { insertVerifiedUser } from '../test/support/users';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createTokensService } from '../src/server/modules/tokens/service';
import { loadGuideLibrary } from '../src/server/modules/guides/loader';

const password = 'bench-password-for-timing';
const users = Number(process.env.BENCH_USERS || 50);

// BENCH_DATA_DIR: start on the data of an earlier run (its people and secret, so its tokens
// stay valid), make no one, and keep the data: a fresh instance of a deployment that already has
// its users, as bench:chat's "burst right after ready" starts one cold each round.
const reuse = process.env.BENCH_DATA_DIR;
const dataDir = reuse || mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-chat-'));
const config = loadConfig({
  ...(Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key.startsWith('LLM_')),
  ) as Record<string, string>),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  CHAT_MAX_CONCURRENT_PER_USER: '100',
  API_RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_LIMIT_PER_IP: '100000',
});
const db = openDatabase(config.database);
await migrateToLatest(db);
// The guides are the real ones (content/guides), as in production: the assistant answers from them.
const app = await buildApp(config, { db, logger: false, guides: loadGuideLibrary() });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
// One person per stream, each on the Standard plan (500,000 tokens a month), so no allowance
// runs out over the rounds.
const ledger = createTokensService({ config, db, log: app.log });
const tokens: string[] = [];
for (let i = 0; i < (reuse ? 0 : users); i++) {
  const email = `bench${i}@example.com`;
  const userId = await insertVerifiedUser(db, { email, password });
  await ledger.grantAllowance({ userId, planId: 'standard-month', reference: `bench:${userId}` });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  tokens.push(((await login.json()) as { accessToken: string }).accessToken);
}
// Ready as a load balancer sees it: /readyz answers 200 once the reply path is warm.
for (;;) {
  if ((await fetch(`${base}/readyz`)).ok) break;
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.stdout.write(`${JSON.stringify({ base, tokens, dataDir })}\n`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => {
      if (!reuse && !process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
