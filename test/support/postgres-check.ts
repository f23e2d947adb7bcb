import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropRunSchemas, postgresUnavailableReason, testPostgresUrl } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAvailable: boolean;
    /** Prefix of this run's PostgreSQL schemas, dropped together when the run ends. */
    postgresSchemaPrefix: string;
  }
}

/**
 * Runs once before the suite: PostgreSQL must answer in CI; elsewhere its suites are skipped.
 * Test schemas are dropped only at the end of the run: dropping one while another file's
 * migrator lists the tables of every schema makes that listing fail.
 */
export default async function checkPostgres(project: TestProject) {
  const reason = await postgresUnavailableReason();
  const prefix = `t_${randomBytes(3).toString('hex')}_`;
  project.provide('postgresAvailable', !reason);
  project.provide('postgresSchemaPrefix', prefix);
  if (!reason) return () => dropRunSchemas(prefix);
  if (process.env.CI === 'true') {
    throw new Error(`PostgreSQL is required in CI but ${testPostgresUrl} failed: ${reason}`);
  }
  console.warn(
    `\nPostgreSQL suites are SKIPPED: ${testPostgresUrl} is unreachable (${reason}).\n` +
      'Set TEST_DATABASE_URL or start PostgreSQL to run them.\n',
  );
}
