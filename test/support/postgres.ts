import pg from 'pg';

export const testPostgresUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL cannot be used, or undefined when it answers. */
export async function postgresUnavailableReason(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: testPostgresUrl,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops every schema this run created (their names start with `prefix`). */
export async function dropRunSchemas(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      'select nspname from pg_namespace where starts_with(nspname, $1)',
      [prefix],
    );
    for (const { nspname } of rows) await client.query(`drop schema "${nspname}" cascade`);
  } finally {
    await client.end();
  }
}
