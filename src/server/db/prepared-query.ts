import type SQLite from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './types.js';

type Slots<P> = (keyof P | undefined)[];

/**
 * A query built and compiled once per database, then run with new values. Kysely builds and
 * compiles a query on every call, which for a small query on every request (the signed-in
 * check) took longer than running it.
 *
 * `build` gets a marker string for each named value and must use each one only as a value
 * (never as a table, column or operator); the markers' places in the compiled parameters are
 * where the values go. Other values the query holds stay as compiled.
 *
 * On SQLite the query runs synchronously on the read-only connection (Db.reader), as one prepared
 * statement: no driver round trip, no promise. There the rows come back as they are, and on
 * PostgreSQL as a promise; `await` serves both, and a caller on the hot path can skip it.
 */
export function preparedQuery<P extends Record<string, string>, Row>(
  names: readonly (keyof P & string)[],
  build: (db: Kysely<Database>, values: P) => Compilable<Row>,
) {
  const markers = Object.fromEntries(
    names.map((name) => [name, `\u0000${name}:${Math.random().toString(36).slice(2)}\u0000`]),
  ) as P;
  const compiledFor = new WeakMap<
    Kysely<Database>,
    { query: CompiledQuery<Row>; slots: Slots<P>; statement?: SQLite.Statement }
  >();

  function compile({ kysely, reader }: Db) {
    const query = build(kysely, markers).compile();
    const slots: Slots<P> = query.parameters.map((value) =>
      names.find((name) => markers[name] === value),
    );
    const missing = names.filter((name) => !slots.includes(name));
    if (missing.length > 0) throw new Error(`preparedQuery: ${missing.join(', ')} not used`);
    // A marker anywhere else (in the SQL, or inside a value built from it) would be sent as is.
    const misplaced =
      query.sql.includes('\u0000') ||
      query.parameters.some(
        (value, index) =>
          slots[index] === undefined && typeof value === 'string' && value.includes('\u0000'),
      );
    if (misplaced) throw new Error('preparedQuery: a named value is used other than as a value');
    return { query, slots, statement: reader?.prepare(query.sql) };
  }

  return function run(db: Db, values: P): Row[] | Promise<Row[]> {
    let prepared = compiledFor.get(db.kysely);
    if (!prepared) compiledFor.set(db.kysely, (prepared = compile(db)));
    const { query, slots, statement } = prepared;
    const parameters = query.parameters.map((value, index) => {
      const name = slots[index];
      return name === undefined ? value : values[name];
    });
    if (statement) return statement.all(parameters) as Row[];
    return db.kysely.executeQuery<Row>({ ...query, parameters }).then((result) => result.rows);
  };
}
