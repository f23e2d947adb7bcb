import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../../test/support/databases';
import { migrateToLatest, migrateUpTo, migrationNames } from './migrate';

describe.each(databaseTargets)('migrations on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  afterEach(async () => {
    await env?.cleanup();
    env = undefined;
  });

  it.skipIf(skip)('apply every migration once, then have nothing left to do', async () => {
    env = await createTestEnvironment(kind, {}, { migrate: false });
    expect(await migrateToLatest(env.db)).toEqual(migrationNames);
    expect(await migrateToLatest(env.db)).toEqual([]);
  });

  it.skipIf(skip)('store times as ISO-8601 UTC strings and read them back unchanged', async () => {
    env = await createTestEnvironment(kind);
    const now = new Date('2026-11-22T10:15:30.123Z').toISOString();
    await env.db.kysely
      .insertInto('users')
      .values({ id: 'u1', email: 'a@example.com', created_at: now, updated_at: now })
      .execute();
    const row = await env.db.kysely
      .selectFrom('users')
      .select(['created_at', 'email_verified_at'])
      .where('created_at', '<', new Date('2027-01-01').toISOString())
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_at: now, email_verified_at: null });
  });

  it.skipIf(skip)('refuse a second user with the same email', async () => {
    env = await createTestEnvironment(kind);
    const now = new Date().toISOString();
    const user = { email: 'same@example.com', created_at: now, updated_at: now };
    await env.db.kysely
      .insertInto('users')
      .values({ id: 'a', ...user })
      .execute();
    await expect(
      env.db.kysely
        .insertInto('users')
        .values({ id: 'b', ...user })
        .execute(),
    ).rejects.toThrow();
    const { count } = await env.db.kysely
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it.skipIf(skip)(
    "copy billing's grants made so far from the ledger into its own record, once",
    async () => {
      env = await createTestEnvironment(kind, {}, { migrate: false });
      await migrateUpTo(env.db, '2026-12-02-10-billing');
      const now = '2026-11-20T10:00:00.000Z';
      await env.db.kysely
        .insertInto('users')
        .values({ id: 'u1', email: 'a@example.com', created_at: now, updated_at: now })
        .execute();
      const ledger = (reference: string, kind: 'grant' | 'expire' = 'grant') => ({
        id: reference,
        user_id: 'u1',
        delta: kind === 'grant' ? 500_000 : -10,
        kind,
        reference,
        balance_after: 500_000,
        created_at: now,
      });
      await env.db.kysely
        .insertInto('token_ledger')
        .values([
          ledger('grant:u1:2026-11-20T00:00:00.000Z'),
          ledger('sub:sub_1:2026-11-20T10:00:00.000Z:standard-month'),
          ledger('sub:sub_1:2026-11-20T10:00:00.000Z:standard-month:expire', 'expire'),
          ledger('sub:sub_1:2026-11-20T10:00:00.000Z:premium-month'),
          ledger('sub:sub_1:ended'),
        ])
        .execute();
      expect(await migrateToLatest(env.db)).toContain('2026-12-03-10-billing-grants');
      const grants = await env.db.kysely
        .selectFrom('billing_grants')
        .select(['subscription_id', 'period_start', 'plan_id', 'user_id'])
        .orderBy('plan_id')
        .execute();
      expect(grants).toEqual([
        {
          subscription_id: 'sub_1',
          period_start: '2026-11-20T10:00:00.000Z',
          plan_id: 'premium-month',
          user_id: 'u1',
        },
        {
          subscription_id: 'sub_1',
          period_start: '2026-11-20T10:00:00.000Z',
          plan_id: 'standard-month',
          user_id: 'u1',
        },
      ]);
    },
  );
});
