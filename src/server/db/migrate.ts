import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DatabaseKind } from './database.js';
import { contactAndNewsletterMigration } from './migrations/2026-11-22-50-contact-and-newsletter.js';
import { usersMigration } from './migrations/2026-11-22-01-users.js';
import { authTokensMigration } from './migrations/2026-11-22-10-auth-tokens.js';
import { oauthAccountsMigration } from './migrations/2026-11-22-20-oauth-accounts.js';
import { mailOutboxMigration } from './migrations/2026-12-01-10-mail-outbox.js';
import { tokensMigration } from './migrations/2026-12-01-10-tokens.js';
import { chatMigration } from './migrations/2026-12-01-20-chat.js';
import { billingMigration } from './migrations/2026-12-02-10-billing.js';
import { billingGrantsMigration } from './migrations/2026-12-03-10-billing-grants.js';
import { staffAndCasesMigration } from './migrations/2026-12-10-10-staff-and-cases.js';
import { userDisabledMigration } from './migrations/2026-12-10-20-user-disabled.js';
import { answerPlacementMigration } from './migrations/2026-12-11-10-answer-placement.js';

/**
 * Every migration, in order. Names sort by date; each module adds its own file and one line here.
 * The same list runs on SQLite and PostgreSQL; a migration asks `columnTypes(kind)` where they differ.
 */
const migrations: Record<string, (kind: DatabaseKind) => Migration> = {
  '2026-11-22-01-users': usersMigration,
  '2026-11-22-10-auth-tokens': authTokensMigration,
  '2026-11-22-20-oauth-accounts': oauthAccountsMigration,
  '2026-11-22-50-contact-and-newsletter': contactAndNewsletterMigration,
  '2026-12-01-10-mail-outbox': mailOutboxMigration,
  '2026-12-01-10-tokens': tokensMigration,
  '2026-12-01-20-chat': chatMigration,
  '2026-12-02-10-billing': billingMigration,
  '2026-12-03-10-billing-grants': billingGrantsMigration,
  '2026-12-10-10-staff-and-cases': staffAndCasesMigration,
  '2026-12-10-20-user-disabled': userDisabledMigration,
  '2026-12-11-10-answer-placement': answerPlacementMigration,
};

class ListedMigrations implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, make]) => [name, make(this.kind)]),
    );
  }
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date. Throws MigrationError naming the migration that failed. */
export function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, undefined);
}

/** Applies the migrations up to and including `name` (a migration's test, with data before it). */
export function migrateUpTo(db: Db, name: string): Promise<string[]> {
  return migrate(db, name);
}

async function migrate(db: Db, upTo: string | undefined): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: with several
  // schemas in one PostgreSQL database (parallel test suites) it would find another's and fail.
  const schema =
    db.kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely))
          .rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider: new ListedMigrations(db.kind),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results = [] } = await (upTo === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(upTo));
  const failed = results.find((result) => result.status === 'Error');
  if (error && failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${failed.migrationName} failed: ${reason}`);
  }
  // Anything else (the database cannot be reached or opened) is for the caller to describe.
  if (error) throw error;
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export const migrationNames = Object.keys(migrations);
