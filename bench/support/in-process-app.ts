// The app built in the benchmark's own process (as the tests build it, with production's
// buildApp), on a SQLite database of its own: bench:sign-in, bench:chat's app and eval:answers.
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { GuideLibrary } from '../../src/server/modules/guides/loader';
import { createTokensService } from '../../src/server/modules/tokens/service';
import { insertVerifiedUser } from '../../test/support/users';

export type InProcessApp = Awaited<ReturnType<typeof startInProcessApp>>;

/**
 * Builds and starts the app with `env` (its log silent) on the database under `dataDir`, migrated,
 * listening on a free port of this machine. `close` stops it, closes the database and, unless
 * told to keep it, removes `dataDir`.
 */
export async function startInProcessApp({
  dataDir,
  env = {},
  guides,
}: {
  dataDir: string;
  env?: Record<string, string>;
  guides?: GuideLibrary;
}) {
  const config = loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db, logger: false, ...(guides ? { guides } : {}) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    db,
    config,
    base,
    dataDir,
    async close({ keepData = false } = {}) {
      await app.close();
      await db.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A verified person on `planId` (granted once, so no allowance runs out over a benchmark), signed
 * in: answers their access token.
 */
export async function signedInPersonOnPlan(
  { app, db, config, base }: InProcessApp,
  { email, password, planId }: { email: string; password: string; planId: string },
): Promise<string> {
  const userId = await insertVerifiedUser(db, { email, password });
  const ledger = createTokensService({ config, db, log: app.log });
  await ledger.grantAllowance({ userId, planId, reference: `bench:${userId}` });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}
