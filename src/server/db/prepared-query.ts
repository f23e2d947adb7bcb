import type { Compilable, CompiledQuery, Kysely } from 'kysely';
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
    { query: CompiledQuery<Row>; slots: Slots<P> }
  >();

  function compile(db: Kysely<Database>) {
    const query = build(db, markers).compile();
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
    return { query, slots };
  }

  return async function run(db: Kysely<Database>, values: P): Promise<Row[]> {
    let prepared = compiledFor.get(db);
    if (!prepared) compiledFor.set(db, (prepared = compile(db)));
    const { query, slots } = prepared;
    const parameters = query.parameters.map((value, index) => {
      const name = slots[index];
      return name === undefined ? value : values[name];
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
