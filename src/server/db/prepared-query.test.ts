import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../../test/support/databases';
import { preparedQuery } from './prepared-query';

const now = '2026-11-22T08:00:00.000Z';

const usersCreatedBefore = preparedQuery(
  ['domain', 'before'],
  (db, { domain, before }: { domain: string; before: string }) =>
    db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'like', domain)
      .where('email_verified_at', 'is', null)
      .where('created_at', '<', before)
      .where('id', '!=', 'fixed-value-kept')
      .orderBy('id'),
);

describe.each(databaseTargets)('preparedQuery on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  afterEach(async () => {
    await env?.cleanup();
    env = undefined;
  });

  it.skipIf(skip)('runs one compiled query with each call’s values', async () => {
    env = await createTestEnvironment(kind);
    await env.db.kysely
      .insertInto('users')
      .values([
        { id: 'u1', email: 'ada@example.com', created_at: now, updated_at: now },
        { id: 'u2', email: 'bob@example.org', created_at: now, updated_at: now },
        { id: 'fixed-value-kept', email: 'kim@example.com', created_at: now, updated_at: now },
      ])
      .execute();

    const later = '2027-01-01T00:00:00.000Z';
    expect(await usersCreatedBefore(env.db, { domain: '%@example.com', before: later })).toEqual([
      { id: 'u1', email: 'ada@example.com' },
    ]);
    expect(await usersCreatedBefore(env.db, { domain: '%@example.org', before: later })).toEqual([
      { id: 'u2', email: 'bob@example.org' },
    ]);
    expect(await usersCreatedBefore(env.db, { domain: '%', before: now })).toEqual([]);
    // Values are bound, never spliced into the SQL.
    expect(await usersCreatedBefore(env.db, { domain: "' or 1=1 --", before: later })).toEqual([]);
  });
});

describe('preparedQuery on SQLite', () => {
  it('reads synchronously, and only what is committed', async () => {
    const env = await createTestEnvironment('sqlite');
    try {
      const later = '2027-01-01T00:00:00.000Z';
      const read = () => usersCreatedBefore(env.db, { domain: '%@example.com', before: later });
      expect(Array.isArray(read())).toBe(true);
      // A read while a transaction is open on the writer does not see its uncommitted row.
      await env.db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ id: 'u9', email: 'new@example.com', created_at: now, updated_at: now })
          .execute();
        expect(read()).toEqual([]);
      });
      expect(read()).toEqual([{ id: 'u9', email: 'new@example.com' }]);
    } finally {
      await env.cleanup();
    }
  });
});

describe('preparedQuery', () => {
  it('refuses a query that does not use every named value', async () => {
    const env = await createTestEnvironment('sqlite');
    try {
      const unused = preparedQuery(
        ['email', 'id'],
        (db, { email }: { email: string; id: string }) =>
          db.selectFrom('users').select('id').where('email', '=', email),
      );
      expect(() => unused(env.db, { email: 'a@example.com', id: 'u1' })).toThrow(/id not used/);
      const builtFrom = preparedQuery(['domain'], (db, { domain }: { domain: string }) =>
        db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb.or([eb('email', '=', domain), eb('email', 'like', `%@${domain}`)])),
      );
      expect(() => builtFrom(env.db, { domain: 'example.com' })).toThrow(/other than as a value/);
    } finally {
      await env.cleanup();
    }
  });
});
