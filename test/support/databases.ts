import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { testPostgresUrl } from './postgres';

export type DatabaseTarget = 'sqlite' | 'postgres';

/** Both databases; `skip` is true for PostgreSQL when it is unreachable outside CI. */
export const databaseTargets: { kind: DatabaseTarget; skip: boolean }[] = [
  { kind: 'sqlite', skip: false },
  { kind: 'postgres', skip: !inject('postgresAvailable') },
];

export interface TestEnvironment {
  config: Config;
  db: Db;
  /** Closes the database and deletes the data directory. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database and a configuration pointing at it: an SQLite file in a temporary
 * folder, or a PostgreSQL schema of its own (so suites can run in parallel).
 */
export async function createTestEnvironment(
  kind: DatabaseTarget,
  env: Record<string, string> = {},
  { migrate = true } = {},
): Promise<TestEnvironment> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexwise-test-'));
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    schema = `${inject('postgresSchemaPrefix')}${randomBytes(6).toString('hex')}`;
    await withPostgresClient((client) => client.query(`create schema ${schema}`));
    const url = new URL(testPostgresUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const db = openDatabase(config.database, 4);
  if (migrate) await migrateToLatest(db);
  return {
    config,
    db,
    async cleanup() {
      await db.close().catch(() => undefined);
      // PostgreSQL schemas are dropped together when the run ends (test/support/postgres-check.ts).
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withPostgresClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
