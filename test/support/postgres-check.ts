import type { TestProject } from 'vitest/node';
import { postgresUnavailableReason, testPostgresUrl } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAvailable: boolean;
  }
}

/** Runs once before the suite: PostgreSQL must answer in CI; elsewhere its suites are skipped. */
export default async function checkPostgres(project: TestProject) {
  const reason = await postgresUnavailableReason();
  project.provide('postgresAvailable', !reason);
  if (!reason) return;
  if (process.env.CI === 'true') {
    throw new Error(`PostgreSQL is required in CI but ${testPostgresUrl} failed: ${reason}`);
  }
  console.warn(
    `\nPostgreSQL suites are SKIPPED: ${testPostgresUrl} is unreachable (${reason}).\n` +
      'Set TEST_DATABASE_URL or start PostgreSQL to run them.\n',
  );
}
