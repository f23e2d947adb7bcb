import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../../../test/support/databases';
import { insertVerifiedUser } from '../../../../test/support/users';
import { freeDailyTokens } from '../../../shared/plans';
import { createTokensService } from './service';

describe.each(databaseTargets)('an admin’s grant or deduction on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  afterEach(async () => {
    await env?.cleanup();
    env = undefined;
  });

  it.skipIf(skip)(
    'writes one ledger row naming the admin, keeps the ledger’s sum equal to the balance, and refuses to go below zero',
    async () => {
      env = await createTestEnvironment(kind);
      const tokens = createTokensService({
        config: env.config,
        db: env.db,
        log: pino({ level: 'silent' }),
      });
      const userId = await insertVerifiedUser(env.db);
      const sum = async () =>
        (
          await env!.db.kysely
            .selectFrom('token_ledger')
            .select('delta')
            .where('user_id', '=', userId)
            .execute()
        ).reduce((total, row) => total + Number(row.delta), 0);

      // The account is opened (with today's allowance) on the way.
      expect(
        await tokens.adjustBalance({ userId, delta: 5_000, reference: 'admin:a1:grant-1' }),
      ).toBe(freeDailyTokens + 5_000);
      expect(
        await tokens.adjustBalance({ userId, delta: -1_000, reference: 'admin:a1:deduct-1' }),
      ).toBe(freeDailyTokens + 4_000);
      expect(
        await tokens.adjustBalance({
          userId,
          delta: -(freeDailyTokens + 4_001),
          reference: 'admin:a1:deduct-2',
        }),
      ).toBeUndefined();

      const status = await tokens.getStatus(userId);
      expect(status.balance).toBe(freeDailyTokens + 4_000);
      expect(await sum()).toBe(status.balance);
      const ledger = await tokens.ledgerOf(userId);
      expect(ledger.filter((row) => row.reference.startsWith('admin:a1:'))).toEqual([
        expect.objectContaining({ kind: 'charge', delta: -1_000, reference: 'admin:a1:deduct-1' }),
        expect.objectContaining({ kind: 'grant', delta: 5_000, reference: 'admin:a1:grant-1' }),
      ]);
      await expect(
        tokens.adjustBalance({ userId, delta: 0, reference: 'admin:a1:nothing' }),
      ).rejects.toThrow();
    },
  );
});
