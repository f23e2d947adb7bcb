import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../../../test/support/databases';
import { freeDailyTokens } from '../../../shared/plans';
import { openDatabase, type Db } from '../../db/database';
import { createTokensService, type TokensService } from './service';
import { insertVerifiedUser } from '../../../../test/support/users';

const silent = pino({ level: 'silent' });

/** A person to hold an account: the ledger's rows reference users. */
const addUser = (db: Db) => insertVerifiedUser(db);

async function ledgerSum(db: Db, userId: string): Promise<number> {
  const rows = await db.kysely
    .selectFrom('token_ledger')
    .select('delta')
    .where('user_id', '=', userId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.delta), 0);
}

async function account(db: Db, userId: string) {
  return db.kysely
    .selectFrom('token_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function openReservations(db: Db, userId: string) {
  return db.kysely
    .selectFrom('token_reservations')
    .select('id')
    .where('user_id', '=', userId)
    .where('settled_at', 'is', null)
    .execute();
}

describe.each(databaseTargets)('token ledger on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  const extraDbs: Db[] = [];
  afterEach(async () => {
    for (const db of extraDbs.splice(0)) await db.close();
    await env?.cleanup();
    env = undefined;
  });

  async function start(extra: Record<string, string> = {}): Promise<TokensService> {
    env = await createTestEnvironment(kind, {
      CHAT_MAX_CONCURRENT_PER_USER: '1000',
      CHAT_MIN_REPLY_TOKENS: '64',
      CHAT_RESERVATION_TTL_SECONDS: '2',
      LLM_REPLY_TIMEOUT_MS: '1000',
      ...extra,
    });
    return createTokensService({ config: env.config, db: env.db, log: silent });
  }

  it.skipIf(skip)(
    'opens a Free account with the daily allowance and holds the prompt plus the output cap',
    async () => {
      const tokens = await start();
      const userId = await addUser(env!.db);
      const status = await tokens.getStatus(userId);
      expect(status).toMatchObject({
        balance: freeDailyTokens,
        plan: { id: 'free-month', name: 'Free' },
        unlimited: false,
        allowance: freeDailyTokens,
      });
      expect(status.recent).toEqual([
        expect.objectContaining({ kind: 'grant', delta: freeDailyTokens }),
      ]);

      const result = await tokens.reserveTokens({ userId, promptTokens: 300, outputCap: 1000 });
      expect(result).toEqual({
        ok: true,
        reservation: expect.objectContaining({
          amount: 1300,
          outputCap: 1000,
          balance: freeDailyTokens - 1300,
        }),
      });
      if (!result.ok) return;
      const settled = await tokens.settleReservation({
        reservationId: result.reservation.id,
        used: 420,
      });
      expect(settled).toEqual({ charged: 420, balance: freeDailyTokens - 420 });
      expect(await ledgerSum(env!.db, userId)).toBe(freeDailyTokens - 420);
      // Settling twice charges nothing more.
      expect(
        await tokens.settleReservation({ reservationId: result.reservation.id, used: 999 }),
      ).toEqual({ charged: 0, balance: undefined });
      expect((await account(env!.db, userId)).balance).toBe(freeDailyTokens - 420);
      expect((await account(env!.db, userId)).open_streams).toBe(0);
    },
  );

  it.skipIf(skip)(
    'shrinks the output cap to the balance and refuses a balance too small for a minimal reply',
    async () => {
      const tokens = await start();
      const userId = await addUser(env!.db);
      const first = await tokens.reserveTokens({
        userId,
        promptTokens: 100,
        outputCap: freeDailyTokens - 1000,
      });
      expect(first.ok && first.reservation.balance).toBe(900);
      const shrunk = await tokens.reserveTokens({ userId, promptTokens: 100, outputCap: 5000 });
      expect(shrunk).toEqual({
        ok: true,
        reservation: expect.objectContaining({ amount: 900, outputCap: 800, balance: 0 }),
      });
      expect(await tokens.reserveTokens({ userId, promptTokens: 1, outputCap: 10 })).toEqual({
        ok: false,
        reason: 'insufficient',
      });
      expect((await account(env!.db, userId)).balance).toBe(0);
      expect(await ledgerSum(env!.db, userId)).toBe(0);
    },
  );

  it.skipIf(skip)('refuses a reply beyond the concurrent limit as busy', async () => {
    const tokens = await start({ CHAT_MAX_CONCURRENT_PER_USER: '2' });
    const userId = await addUser(env!.db);
    const a = await tokens.reserveTokens({ userId, promptTokens: 10, outputCap: 100 });
    await tokens.reserveTokens({ userId, promptTokens: 10, outputCap: 100 });
    expect(await tokens.reserveTokens({ userId, promptTokens: 10, outputCap: 100 })).toEqual({
      ok: false,
      reason: 'busy',
    });
    if (a.ok) await tokens.settleReservation({ reservationId: a.reservation.id, used: 5 });
    expect((await tokens.reserveTokens({ userId, promptTokens: 10, outputCap: 100 })).ok).toBe(
      true,
    );
  });

  it.skipIf(skip)(
    'resets an ended window once, inside the reserving update, and keeps old holds out of the new window',
    async () => {
      const tokens = await start();
      const userId = await addUser(env!.db);
      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
      const old = await tokens.reserveTokens({
        userId,
        promptTokens: 1000,
        outputCap: 4000,
        now: yesterday,
      });
      expect(old.ok && old.reservation.balance).toBe(freeDailyTokens - 5000);

      // Ten reservations at once on the new day: one reset, one grant, all held from it.
      const today = await Promise.all(
        Array.from({ length: 10 }, () =>
          tokens.reserveTokens({ userId, promptTokens: 100, outputCap: 900 }),
        ),
      );
      expect(today.every((result) => result.ok)).toBe(true);
      expect((await account(env!.db, userId)).balance).toBe(freeDailyTokens - 10_000);
      const kinds = await env!.db.kysely
        .selectFrom('token_ledger')
        .select(['kind', 'delta'])
        .where('user_id', '=', userId)
        .where('kind', 'in', ['grant', 'expire'])
        .execute();
      expect(kinds.map((row) => [row.kind, Number(row.delta)]).sort()).toEqual(
        [
          ['expire', -(freeDailyTokens - 5000)],
          ['grant', freeDailyTokens],
          ['grant', freeDailyTokens],
        ].sort(),
      );
      // Yesterday's hold settles into yesterday: nothing comes back to today's balance.
      if (old.ok) await tokens.settleReservation({ reservationId: old.reservation.id, used: 10 });
      expect((await account(env!.db, userId)).balance).toBe(freeDailyTokens - 10_000);
      expect(await ledgerSum(env!.db, userId)).toBe(freeDailyTokens - 10_000);
    },
  );

  it.skipIf(skip)(
    'grants a plan allowance once per reference, however often and concurrently it is asked',
    async () => {
      const tokens = await start();
      const userId = await addUser(env!.db);
      await tokens.getStatus(userId);
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          tokens.grantAllowance({ userId, planId: 'standard-month', reference: 'invoice:in_1' }),
        ),
      );
      expect(results.filter((result) => result.granted)).toHaveLength(1);
      const status = await tokens.getStatus(userId);
      expect(status).toMatchObject({ balance: 500_000, plan: { id: 'standard-month' } });
      expect(await ledgerSum(env!.db, userId)).toBe(500_000);
      const premium = await tokens.grantAllowance({
        userId,
        planId: 'premium-year',
        reference: 'invoice:in_2',
      });
      expect(premium.granted).toBe(true);
      expect(await tokens.getStatus(userId)).toMatchObject({
        unlimited: true,
        balance: env!.config.tokens.fairUseMonthly,
      });
    },
  );

  it.skipIf(skip)(
    'a plan granted while a reply streams: the reservation still ends in its release and charge rows',
    async () => {
      const tokens = await start();
      const userId = await addUser(env!.db);
      const held = await tokens.reserveTokens({ userId, promptTokens: 200, outputCap: 800 });
      if (!held.ok) throw new Error('not reserved');
      // Standard is bought while the reply is written: a new window, a new balance.
      await tokens.grantAllowance({ userId, planId: 'standard-month', reference: 'invoice:in_9' });
      const settled = await tokens.settleReservation({
        reservationId: held.reservation.id,
        used: 300,
      });
      expect(settled.charged).toBe(300);
      const rows = await env!.db.kysely
        .selectFrom('token_ledger')
        .select(['kind', 'delta', 'reference'])
        .where('user_id', '=', userId)
        .where('reference', 'like', `%${held.reservation.id}%`)
        .execute();
      const byKind = (k: string) =>
        rows.filter((row) => row.kind === k).map((r) => Number(r.delta));
      expect(byKind('hold')).toEqual([-1000]);
      expect(byKind('release')).toEqual([1000]);
      expect(byKind('charge')).toEqual([-300]);
      // The rest of the hold belonged to the Free window the grant replaced: it expires.
      expect(byKind('expire')).toEqual([-700]);
      const status = await tokens.getStatus(userId);
      expect(status.balance).toBe(500_000);
      expect(await ledgerSum(env!.db, userId)).toBe(500_000);
      // Settling again writes nothing more.
      await tokens.settleReservation({ reservationId: held.reservation.id, used: 300 });
      expect(await ledgerSum(env!.db, userId)).toBe(500_000);
    },
  );

  it.skipIf(skip)(
    `a new account's first replies, asked at the same moment${kind === 'postgres' ? ' of two instances' : ''}, are all served from one first balance`,
    async () => {
      const tokensA = await start({ CHAT_MAX_CONCURRENT_PER_USER: '8' });
      let tokensB = tokensA;
      if (kind === 'postgres') {
        const otherDb = openDatabase(env!.config.database, 4);
        extraDbs.push(otherDb);
        tokensB = createTokensService({ config: env!.config, db: otherDb, log: silent });
      }
      for (let round = 0; round < 5; round++) {
        const userId = await addUser(env!.db);
        const results = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            (i % 2 === 0 ? tokensA : tokensB).reserveTokens({
              userId,
              promptTokens: 100,
              outputCap: 900,
            }),
          ),
        );
        expect(results.map((result) => result.ok)).toEqual(Array(6).fill(true));
        const grants = await env!.db.kysely
          .selectFrom('token_ledger')
          .select('delta')
          .where('user_id', '=', userId)
          .where('kind', '=', 'grant')
          .execute();
        expect(grants.map((row) => Number(row.delta))).toEqual([freeDailyTokens]);
        expect((await account(env!.db, userId)).balance).toBe(freeDailyTokens - 6000);
        expect(await ledgerSum(env!.db, userId)).toBe(freeDailyTokens - 6000);
      }
    },
  );

  it.skipIf(skip)(
    `under 100 concurrent replies${kind === 'postgres' ? ' from two instances' : ''}, never overdraws, and the ledger sums to the balance`,
    async () => {
      const tokensA = await start();
      // PostgreSQL: a second instance, with its own connection pool, on the same database. (Two
      // SQLite connections in one process would block each other's synchronous lock waits.)
      let tokensB = tokensA;
      if (kind === 'postgres') {
        const otherDb = openDatabase(env!.config.database, 4);
        extraDbs.push(otherDb);
        tokensB = createTokensService({ config: env!.config, db: otherDb, log: silent });
      }
      const userId = await addUser(env!.db);
      await tokensA.getStatus(userId);

      // Each reply holds 2,500: the 25,000 balance covers about ten at once.
      const outcomes = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const service = i % 2 === 0 ? tokensA : tokensB;
          const result = await service.reserveTokens({
            userId,
            promptTokens: 500,
            outputCap: 2000,
          });
          if (!result.ok) return result.reason;
          expect(result.reservation.balance).toBeGreaterThanOrEqual(0);
          // Some replies finish, some stop early (used less), some crash (never settled).
          if (i % 7 === 3) return 'crashed';
          await new Promise((resolve) => setTimeout(resolve, i % 5));
          await service.settleReservation({
            reservationId: result.reservation.id,
            used: i % 3 === 0 ? 0 : 500 + (i % 4) * 400,
          });
          return 'settled';
        }),
      );
      const settled = outcomes.filter((o) => o === 'settled').length;
      expect(settled + outcomes.filter((o) => o === 'crashed').length).toBeGreaterThanOrEqual(10);
      expect(outcomes.filter((o) => o === 'insufficient').length).toBeGreaterThan(0);
      expect(outcomes).not.toContain('busy');

      const mid = await account(env!.db, userId);
      expect(mid.balance).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(env!.db, userId)).toBe(Number(mid.balance));

      // After the reservations' time is up the sweeper releases what crashed replies held.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await Promise.all([
        tokensA.releaseExpiredReservations(),
        tokensB.releaseExpiredReservations(),
      ]);
      expect(await openReservations(env!.db, userId)).toEqual([]);
      const after = await account(env!.db, userId);
      expect(after.open_streams).toBe(0);
      expect(after.balance).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(env!.db, userId)).toBe(Number(after.balance));
      const charged = await env!.db.kysely
        .selectFrom('token_reservations')
        .select('charged')
        .where('user_id', '=', userId)
        .execute();
      const totalCharged = charged.reduce((sum, row) => sum + Number(row.charged), 0);
      expect(Number(after.balance)).toBe(freeDailyTokens - totalCharged);
    },
  );
});
