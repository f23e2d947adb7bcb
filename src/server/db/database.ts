import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type Pg from 'pg';
import type { Config } from '../config.js';
import { startCheckpointer } from './checkpointer.js';
import type { Database } from './types.js';

export type DatabaseKind = Config['database']['kind'];

export interface Db {
  kind: DatabaseKind;
  kysely: Kysely<Database>;
  /**
   * SQLite only: a second, read-only connection for synchronous prepared reads (prepared-query.ts).
   * Its own connection, so a read never lands inside a transaction Kysely has open on the
   * writer: in WAL mode it sees what was committed, as a PostgreSQL read would.
   */
  reader?: SQLite.Database;
  /**
   * SQLite only: a number that changes whenever a commit by any connection (the writer, a
   * thread's, another process's) has changed the database since it was last read, and only then
   * (SQLite's `PRAGMA data_version`, read on `reader`; about a microsecond). While it stays the
   * same, what `reader` answered stays true.
   */
  dataVersion?(): number;
  /** Answers true when the database responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A Db whose queries all run in one transaction: a unit of work. The caller that opens it
 * (`inTransaction`) owns it; each module it is handed to runs its own repository's queries in it
 * ("settle this reservation in this unit of work"), so the work of two modules commits or rolls
 * back together while each keeps its tables to itself (decision 0099).
 */
export type UnitOfWork = Db & { readonly unitOfWork: true };

/** Runs `work` in one transaction, as one unit of work. */
export function inTransaction<T>(db: Db, work: (trx: UnitOfWork) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute((kysely) => work({ ...db, kysely, unitOfWork: true }));
}

const require = createRequire(import.meta.url);

/** The pg driver, loaded only when PostgreSQL is configured (it slows the embedded start-up). */
function loadPg(): typeof Pg {
  const pg = require('pg') as typeof Pg;
  // PostgreSQL returns timestamptz as Date and int8 as string by default; we want ISO strings
  // (the same as SQLite) and numbers (balances stay far below 2^53).
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  return pg;
}

export function openDatabase(target: Config['database'], poolSize = 10): Db {
  if (target.kind === 'sqlite') {
    const writer = openSqlite(target.file);
    const checkpointer = startCheckpointer(target.file, {
      pageSize: writer.pragma('page_size', { simple: true }) as number,
    });
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(writer) }),
    });
    const reader = openSqliteReader(target.file);
    const version = reader.prepare('PRAGMA data_version').pluck();
    return describeDb('sqlite', kysely, {
      reader,
      dataVersion: () => version.get() as number,
      stop: () => checkpointer.stop(),
    });
  }
  const pool = new (loadPg().Pool)({
    connectionString: target.url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
  });
  return describeDb('postgres', new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }));
}

function describeDb(
  kind: DatabaseKind,
  kysely: Kysely<Database>,
  {
    reader,
    dataVersion,
    stop,
  }: { reader?: SQLite.Database; dataVersion?: () => number; stop?: () => Promise<void> } = {},
): Db {
  return {
    kind,
    kysely,
    ...(reader ? { reader } : {}),
    ...(dataVersion ? { dataVersion } : {}),
    async ping() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await stop?.();
      reader?.close();
      await kysely.destroy();
    },
  };
}

function openSqlite(file: string): SQLite.Database {
  createPrivateFile(file);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return database;
}

/** The read-only connection; opened after the writer, which creates the file and sets WAL. */
function openSqliteReader(file: string): SQLite.Database {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  database.pragma('busy_timeout = 5000');
  return database;
}

/**
 * The database holds password hashes and personal data: its folder is the owner's only (0700)
 * and its files are 0600. SQLite creates the -wal and -shm files with the database file's mode,
 * so the file is created (or tightened, after an older version made it 0644) before it opens.
 */
function createPrivateFile(file: string) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(name)) chmodSync(name, 0o600);
  }
}

/**
 * Kysely prepares every query anew; preparing cost more than running a small query. Kysely runs
 * one query at a time on the SQLite connection, so a cached statement is never in use twice.
 * The cache is bounded: queries are built from a fixed set of shapes, so it fills only once.
 */
function withStatementCache(database: SQLite.Database, limit = 1000) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(query: string) {
      let statement = statements.get(query);
      if (!statement) {
        statement = database.prepare(query);
        if (statements.size < limit) statements.set(query, statement);
      }
      return statement;
    },
    close: () => database.close(),
  };
}

/** A short, human explanation of why the database could not be opened or reached. */
export function describeDatabaseError(target: Config['database'], error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (target.kind === 'sqlite')
    return `cannot open the SQLite database at ${target.file}: ${reason}`;
  const url = new URL(target.url);
  url.password = url.password ? '***' : '';
  return `cannot reach PostgreSQL at ${url.toString()}: ${reason}`;
}
