import { randomUUID } from 'node:crypto';
import { findPlan, plans, type Plan } from '../../../shared/plans.js';
import { tokensMessages, type TokenStatus } from '../../../shared/tokens.js';
import type { UnitOfWork } from '../../db/database.js';
import type { WindowKind } from '../../db/tables/tokens.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import {
  adjustAccountBalance,
  balancesOf,
  ledgerSum,
  expiredReservationIds,
  findAccount,
  insertAccountIfMissing,
  insertLedgerRows,
  insertReservation,
  wholeLedgerOf,
  ledgerReferenceExists,
  markReservationSettled,
  recentLedger,
  replaceWindow,
  reserveOnAccount,
  returnHold,
  type Executor,
  type NewLedgerRow,
  type ReserveParams,
  type Window,
} from './repository.js';

export type TokensDeps = Pick<ModuleDeps, 'config' | 'db' | 'log'>;

export type TokensService = ReturnType<typeof createTokensService>;

/** Who has no paid plan: everyone, until billing grants one. */
const defaultPlan = plans.find((plan) => plan.id === 'free-month')!;

export const insufficientTokens = () =>
  new AppError(402, 'tokens.insufficient', tokensMessages.insufficient);

export interface Reservation {
  id: string;
  /** Tokens held: the prompt estimate plus `outputCap`. */
  amount: number;
  /** The reply's output limit: the requested cap, shrunk to what the balance allows. */
  outputCap: number;
  balance: number;
}

export type ReserveResult =
  { ok: true; reservation: Reservation } | { ok: false; reason: 'insufficient' | 'busy' };

/** The allowance window containing `now`: a UTC day, or a UTC calendar month. */
export function windowsAt(now: Date): { day: Window; month: Window } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return {
    day: {
      start: new Date(Date.UTC(y, m, d)).toISOString(),
      end: new Date(Date.UTC(y, m, d + 1)).toISOString(),
    },
    month: {
      start: new Date(Date.UTC(y, m, 1)).toISOString(),
      end: new Date(Date.UTC(y, m + 1, 1)).toISOString(),
    },
  };
}

/**
 * The token ledger: balances, reservations while a reply is written, settlement, allowance
 * grants. Every balance change writes a ledger row in the same transaction, so for every person
 * the ledger's sum is the balance; the balance can never go below zero (a CHECK backs it up).
 */
export function createTokensService({ config, db, log }: TokensDeps) {
  const kysely = db.kysely;

  function allowanceOf(plan: Plan): { windowKind: 'day' | 'month'; tokens: number } {
    switch (plan.allowance.kind) {
      case 'daily':
        return { windowKind: 'day', tokens: plan.allowance.tokens };
      case 'monthly':
        return { windowKind: 'month', tokens: plan.allowance.tokens };
      case 'fair-use':
        return { windowKind: 'month', tokens: config.tokens.fairUseMonthly };
    }
  }

  /** Opens a Free account with today's allowance, once, whoever asks first. */
  async function ensureAccount(userId: string, now = new Date()): Promise<void> {
    await kysely.transaction().execute((trx) => ensureAccountIn(trx, userId, now));
  }

  async function ensureAccountIn(trx: Executor, userId: string, now: Date): Promise<void> {
    const { windowKind, tokens } = allowanceOf(defaultPlan);
    const window = windowsAt(now)[windowKind];
    const nowIso = now.toISOString();
    const created = await insertAccountIfMissing(trx, {
      userId,
      planId: defaultPlan.id,
      windowKind,
      allowance: tokens,
      window,
      now: nowIso,
    });
    if (!created) return;
    await insertLedgerRows(trx, [
      {
        userId,
        delta: tokens,
        kind: 'grant',
        reference: `grant:${userId}:${window.start}`,
        balanceAfter: tokens,
        now: nowIso,
      },
    ]);
  }

  /** Ledger rows for a window the reserving update reset: the old balance expires, the new is granted. */
  function resetRows(
    userId: string,
    row: { last_expired: number | null; window_start: string; window_allowance: number },
    now: string,
  ): NewLedgerRow[] {
    if (row.last_expired === null) return [];
    const rows: NewLedgerRow[] = [];
    if (row.last_expired > 0) {
      rows.push({
        userId,
        delta: -row.last_expired,
        kind: 'expire',
        reference: `expire:${userId}:${row.window_start}`,
        balanceAfter: 0,
        now,
      });
    }
    rows.push({
      userId,
      delta: row.window_allowance,
      kind: 'grant',
      reference: `grant:${userId}:${row.window_start}`,
      balanceAfter: row.window_allowance,
      now,
    });
    return rows;
  }

  /** The reserving update with its ledger rows, in one transaction; undefined if refused. */
  async function reserveOnce(
    userId: string,
    want: number,
    minimum: number,
    streams: 0 | 1,
    now: Date,
  ) {
    const nowIso = now.toISOString();
    const params: ReserveParams = {
      userId,
      now: nowIso,
      want,
      minimum,
      streams,
      maxStreams: streams === 1 ? config.chat.maxConcurrentPerUser : Number.MAX_SAFE_INTEGER,
      next: windowsAt(now),
    };
    return kysely.transaction().execute(async (trx) => {
      const row = await reserveOnAccount(db.kind, trx, params);
      if (!row) return undefined;
      const id = randomUUID();
      const rows = resetRows(userId, row, nowIso);
      if (streams === 1) {
        rows.push({
          userId,
          delta: -row.last_reserved,
          kind: 'hold',
          reference: `hold:${id}`,
          balanceAfter: row.balance,
          now: nowIso,
        });
        await insertReservation(trx, {
          id,
          userId,
          amount: row.last_reserved,
          windowStart: row.window_start,
          now: nowIso,
          expiresAt: new Date(
            now.getTime() + config.chat.reservationTtlSeconds * 1000,
          ).toISOString(),
        });
      }
      await insertLedgerRows(trx, rows);
      return { id, amount: row.last_reserved, balance: row.balance };
    });
  }

  /**
   * Holds tokens for one reply: the prompt estimate plus the output cap, the cap shrinking to
   * what the balance allows. Refused when the balance cannot pay the prompt and a minimal reply,
   * or when the person already has the most replies streaming at once.
   */
  async function reserveTokens(input: {
    userId: string;
    promptTokens: number;
    outputCap: number;
    now?: Date;
  }): Promise<ReserveResult> {
    const now = input.now ?? new Date();
    const want = input.promptTokens + input.outputCap;
    const minimum = input.promptTokens + config.chat.minReplyTokens;
    let reserved = await reserveOnce(input.userId, want, minimum, 1, now);
    if (!reserved) {
      // Perhaps no account yet: open it (once, whoever asks first) and try again. Asked whether
      // an account exists instead, a send racing the one that opens it would see the new account
      // after its own update had found none, and be refused with a full balance.
      await ensureAccount(input.userId, now);
      reserved = await reserveOnce(input.userId, want, minimum, 1, now);
    }
    if (!reserved) {
      // Refused: say why, the balance first (more replies at once would not help it).
      const account = await findAccount(kysely, input.userId);
      if (!account) return { ok: false, reason: 'insufficient' };
      const renewed = account.window_kind !== 'period' && account.window_end <= now.toISOString();
      const available = renewed ? account.window_allowance : account.balance;
      const busy = available >= minimum && account.open_streams >= config.chat.maxConcurrentPerUser;
      return { ok: false, reason: busy ? 'busy' : 'insufficient' };
    }
    return {
      ok: true,
      reservation: {
        id: reserved.id,
        amount: reserved.amount,
        outputCap: reserved.amount - input.promptTokens,
        balance: reserved.balance,
      },
    };
  }

  /**
   * Settles a reply in one transaction: charges what was used (at most what was held), returns
   * the rest of the hold, and runs `write` (the chat stores the reply) in the same transaction.
   * A reservation already settled (or released by the sweeper) is charged nothing more.
   */
  async function settleReservation(input: {
    reservationId: string;
    used: number;
    /** The caller's unit of work (the chat stores the answer in it); else a transaction of its own. */
    work?: UnitOfWork;
    now?: Date;
  }): Promise<{ charged: number; balance: number | undefined }> {
    const nowIso = (input.now ?? new Date()).toISOString();
    const used = Math.max(0, Math.ceil(input.used));
    const settle = async (trx: Executor) => {
      const settled = await markReservationSettled(trx, input.reservationId, used, nowIso);
      if (!settled) {
        log.warn({ reservationId: input.reservationId }, 'reservation was already settled');
        return { charged: 0, balance: undefined };
      }
      if (used > settled.amount) {
        log.warn(
          { reservationId: input.reservationId, used, held: settled.amount },
          'a reply used more tokens than were held; charged the hold',
        );
      }
      const account = await returnHold(db.kind, trx, {
        userId: settled.user_id,
        windowStart: settled.window_start,
        amount: settled.amount,
        charged: settled.charged,
        now: nowIso,
      });
      // Every reservation ends in its release and (if anything was used) its charge. Returned
      // to the window it came from, the rest of the hold is in the balance again; after a reset
      // or a plan's grant replaced that window, the rest expires with it, as a third row.
      if (settled.amount > 0) {
        const sameWindow = account.window_start === settled.window_start;
        const unused = settled.amount - settled.charged;
        const before = sameWindow ? account.balance - unused : account.balance;
        await insertLedgerRows(trx, [
          {
            userId: settled.user_id,
            delta: settled.amount,
            kind: 'release',
            reference: `release:${input.reservationId}`,
            balanceAfter: before + settled.amount,
            now: nowIso,
          },
          ...(settled.charged > 0
            ? [
                {
                  userId: settled.user_id,
                  delta: -settled.charged,
                  kind: 'charge' as const,
                  reference: `charge:${input.reservationId}`,
                  balanceAfter: before + unused,
                  now: nowIso,
                },
              ]
            : []),
          ...(!sameWindow && unused > 0
            ? [
                {
                  userId: settled.user_id,
                  delta: -unused,
                  kind: 'expire' as const,
                  reference: `expire:hold:${input.reservationId}`,
                  balanceAfter: account.balance,
                  now: nowIso,
                },
              ]
            : []),
        ]);
      }
      return { charged: settled.charged, balance: account.balance };
    };
    return input.work ? settle(input.work.kysely) : kysely.transaction().execute(settle);
  }

  /** Releases reservations a crashed reply left open, once their time is up; returns how many. */
  async function releaseExpiredReservations(now = new Date()): Promise<number> {
    let released = 0;
    for (;;) {
      const ids = await expiredReservationIds(kysely, now.toISOString(), 100);
      for (const id of ids) {
        const { balance } = await settleReservation({ reservationId: id, used: 0, now });
        if (balance !== undefined) released++;
      }
      if (ids.length < 100) break;
    }
    if (released > 0) log.info({ released }, 'released expired token reservations');
    return released;
  }

  /** Runs the sweeper every `intervalMs` until the returned function is called. */
  function startSweeper(intervalMs: number): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      releaseExpiredReservations()
        .catch((error: unknown) => log.error({ err: error }, 'token reservation sweep failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * Starts a plan's allowance window for a person: the balance becomes the allowance (the rest
   * of the old window expires). Keyed by `reference` (billing passes its subscription and
   * period): however often, and however concurrently, it is called with the same reference, the
   * grant happens once. With `work`, it runs inside the caller's unit of work, which a concurrent
   * grant of the same reference then fails (the ledger's unique reference): the caller retries.
   */
  async function grantAllowance(input: {
    userId: string;
    planId: string;
    reference: string;
    /** The window the grant covers; by default the plan's window containing now. */
    window?: Window;
    /** `period`: renewed only by the next grant (billing's), not by the calendar. */
    windowKind?: WindowKind;
    now?: Date;
    work?: UnitOfWork;
  }): Promise<{ granted: boolean; balance: number | undefined }> {
    const plan = findPlan(input.planId);
    if (!plan) throw new Error(`grantAllowance: unknown plan ${input.planId}`);
    const now = input.now ?? new Date();
    const nowIso = now.toISOString();
    const allowance = allowanceOf(plan);
    const windowKind = input.windowKind ?? allowance.windowKind;
    const window = input.window ?? windowsAt(now)[allowance.windowKind === 'day' ? 'day' : 'month'];
    const grant = async (trx: Executor) => {
      if (await ledgerReferenceExists(trx, input.reference)) {
        return { granted: false, balance: undefined };
      }
      await ensureAccountIn(trx, input.userId, now);
      const row = await replaceWindow(db.kind, trx, {
        userId: input.userId,
        planId: plan.id,
        windowKind,
        allowance: allowance.tokens,
        window,
        now: nowIso,
      });
      await insertLedgerRows(trx, [
        ...(row.last_expired > 0
          ? [
              {
                userId: input.userId,
                delta: -row.last_expired,
                kind: 'expire' as const,
                reference: `${input.reference}:expire`,
                balanceAfter: 0,
                now: nowIso,
              },
            ]
          : []),
        {
          userId: input.userId,
          delta: allowance.tokens,
          kind: 'grant',
          reference: input.reference,
          balanceAfter: allowance.tokens,
          now: nowIso,
        },
      ]);
      return { granted: true, balance: row.balance };
    };
    if (input.work) return grant(input.work.kysely);
    try {
      return await kysely.transaction().execute(grant);
    } catch (error) {
      // A concurrent grant with the same reference won the unique index; this one rolled back.
      if (await ledgerReferenceExists(kysely, input.reference)) {
        return { granted: false, balance: undefined };
      }
      throw error;
    }
  }

  /** Balance, plan, renewal and the recent ledger; renews an ended window first. */
  async function getStatus(userId: string, now = new Date()): Promise<TokenStatus> {
    let account = await findAccount(kysely, userId);
    if (!account) {
      await ensureAccount(userId, now);
    } else if (account.window_end <= now.toISOString()) {
      await reserveOnce(userId, 0, 0, 0, now);
    }
    account = (await findAccount(kysely, userId))!;
    const plan = findPlan(account.plan_id) ?? defaultPlan;
    const recent = await recentLedger(kysely, userId, 20);
    return {
      balance: account.balance,
      plan: { id: plan.id, name: plan.name, tier: plan.tier },
      unlimited: plan.allowance.kind === 'fair-use',
      allowance: account.window_allowance,
      renewsAt: account.window_end,
      streaming: account.open_streams,
      recent: recent.map((row) => ({
        kind: row.kind,
        delta: row.delta,
        balanceAfter: row.balance_after,
        createdAt: row.created_at,
      })),
    };
  }

  /** How many of the person's replies are streaming now, on any instance. */
  async function streamingCount(userId: string): Promise<number> {
    return (await findAccount(kysely, userId))?.open_streams ?? 0;
  }

  /**
   * An admin's grant (delta > 0) or deduction (delta < 0): one ledger row, kind `grant` or
   * `charge`, under `reference` (which names the admin), in one transaction with the balance; the
   * ledger's sum stays the balance. Answers the new balance, or undefined when a deduction would
   * take it below zero (nothing changes).
   */
  async function adjustBalance(input: {
    userId: string;
    delta: number;
    reference: string;
    now?: Date;
  }): Promise<number | undefined> {
    if (!Number.isSafeInteger(input.delta) || input.delta === 0) {
      throw new Error('adjustBalance: delta must be a non-zero integer');
    }
    const now = input.now ?? new Date();
    const nowIso = now.toISOString();
    return kysely.transaction().execute(async (trx) => {
      await ensureAccountIn(trx, input.userId, now);
      const balance = await adjustAccountBalance(trx, input.userId, input.delta, nowIso);
      if (balance === undefined) return undefined;
      await insertLedgerRows(trx, [
        {
          userId: input.userId,
          delta: input.delta,
          kind: input.delta > 0 ? 'grant' : 'charge',
          reference: input.reference,
          balanceAfter: balance,
          now: nowIso,
        },
      ]);
      return balance;
    });
  }

  /** A person's newest ledger rows, for the console. */
  async function ledgerOf(userId: string, limit = 100) {
    return (await recentLedger(kysely, userId, limit)).map((row) => ({
      kind: row.kind,
      delta: Number(row.delta),
      balanceAfter: Number(row.balance_after),
      reference: row.reference,
      createdAt: row.created_at,
    }));
  }

  /** What the ledger holds about a person, for "download my data". */
  async function exportFor(userId: string) {
    const account = await findAccount(kysely, userId);
    const ledger = await wholeLedgerOf(kysely, userId);
    return {
      account: account
        ? {
            planId: account.plan_id,
            balance: account.balance,
            allowance: account.window_allowance,
            windowStart: account.window_start,
            windowEnd: account.window_end,
          }
        : null,
      ledger: ledger.map((row) => ({
        kind: row.kind,
        delta: row.delta,
        balanceAfter: row.balance_after,
        createdAt: row.created_at,
      })),
    };
  }

  return {
    exportFor,
    adjustBalance,
    ledgerOf,
    /** Balances as stored (a window that has ended is renewed on the person's next use). */
    balancesOf: (userIds: string[]) => balancesOf(kysely, userIds),
    ledgerSumOf: (userId: string) => ledgerSum(kysely, userId),
    reserveTokens,
    settleReservation,
    releaseExpiredReservations,
    startSweeper,
    grantAllowance,
    getStatus,
    streamingCount,
  };
}
