import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type {
  LedgerKind,
  TokenAccountsTable,
  TokenLedgerTable,
  WindowKind,
} from '../../db/tables/tokens.js';
import type { Database } from '../../db/types.js';

export type TokenAccountRow = Selectable<TokenAccountsTable>;
export type LedgerRow = Selectable<TokenLedgerTable>;
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Window {
  start: string;
  end: string;
}

/** A timestamp parameter PostgreSQL reads as timestamptz even where nothing else types it. */
function timestamp(kind: DatabaseKind, value: string): RawBuilder<string> {
  return kind === 'postgres' ? sql<string>`cast(${value} as timestamptz)` : sql<string>`${value}`;
}

export function findAccount(db: Executor, userId: string): Promise<TokenAccountRow | undefined> {
  return db
    .selectFrom('token_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Creates the account unless it exists; true when this call created it. */
export async function insertAccountIfMissing(
  trx: Executor,
  account: {
    userId: string;
    planId: string;
    windowKind: 'day' | 'month';
    allowance: number;
    window: Window;
    now: string;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('token_accounts')
    .values({
      user_id: account.userId,
      plan_id: account.planId,
      balance: account.allowance,
      window_kind: account.windowKind,
      window_allowance: account.allowance,
      window_start: account.window.start,
      window_end: account.window.end,
      open_streams: 0,
      last_reserved: 0,
      last_expired: null,
      updated_at: account.now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export interface ReserveParams {
  userId: string;
  now: string;
  /** Tokens wanted: the prompt estimate plus the full output cap. */
  want: number;
  /** The least balance that is enough: the prompt estimate plus a minimal reply. */
  minimum: number;
  /** 1 for a reply (counted against maxStreams), 0 for a plain window renewal. */
  streams: 0 | 1;
  maxStreams: number;
  /** The window a reset would start, by the account's window kind. */
  next: { day: Window; month: Window };
}

export interface ReservedRow {
  balance: number;
  last_reserved: number;
  last_expired: number | null;
  window_start: string;
  window_allowance: number;
}

/**
 * The reservation itself: ONE conditional update. It resets an ended window (balance = the
 * window's allowance), holds min(want, balance) and counts the stream, only if the balance is at
 * least `minimum` and fewer than `maxStreams` replies are streaming. Both databases lock the row
 * for the statement, so concurrent reservations see each other's holds and none overdraws.
 * SET expressions read the row as it was; what they wrote comes back through RETURNING.
 */
export async function reserveOnAccount(
  kind: DatabaseKind,
  trx: Executor,
  p: ReserveParams,
): Promise<ReservedRow | undefined> {
  // A period window (a paid monthly plan) is renewed by billing's grant, never here.
  const ended = sql`(window_kind <> 'period' and window_end <= ${timestamp(kind, p.now)})`;
  const available = sql`(case when ${ended} then window_allowance else balance end)`;
  const held = sql`(case when ${available} < ${p.want} then ${available} else ${p.want} end)`;
  const nextStart = sql`(case window_kind when 'day' then ${timestamp(kind, p.next.day.start)} else ${timestamp(kind, p.next.month.start)} end)`;
  const nextEnd = sql`(case window_kind when 'day' then ${timestamp(kind, p.next.day.end)} else ${timestamp(kind, p.next.month.end)} end)`;
  const result = await sql<ReservedRow>`
    update token_accounts set
      last_expired = case when ${ended} then balance else null end,
      last_reserved = ${held},
      balance = ${available} - ${held},
      window_start = case when ${ended} then ${nextStart} else window_start end,
      window_end = case when ${ended} then ${nextEnd} else window_end end,
      open_streams = open_streams + ${p.streams},
      updated_at = ${timestamp(kind, p.now)}
    where user_id = ${p.userId}
      and open_streams + ${p.streams} <= ${p.maxStreams}
      and ${available} >= ${p.minimum}
    returning balance, last_reserved, last_expired, window_start, window_allowance`.execute(trx);
  return result.rows[0];
}

export interface NewLedgerRow {
  userId: string;
  delta: number;
  kind: LedgerKind;
  reference: string;
  balanceAfter: number;
  now: string;
}

export async function insertLedgerRows(trx: Executor, rows: NewLedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('token_ledger')
    .values(
      rows.map((row) => ({
        id: randomUUID(),
        user_id: row.userId,
        delta: row.delta,
        kind: row.kind,
        reference: row.reference,
        balance_after: row.balanceAfter,
        created_at: row.now,
      })),
    )
    .execute();
}

export async function insertReservation(
  trx: Executor,
  reservation: {
    id: string;
    userId: string;
    amount: number;
    windowStart: string;
    now: string;
    expiresAt: string;
  },
): Promise<void> {
  await trx
    .insertInto('token_reservations')
    .values({
      id: reservation.id,
      user_id: reservation.userId,
      amount: reservation.amount,
      window_start: reservation.windowStart,
      created_at: reservation.now,
      expires_at: reservation.expiresAt,
      settled_at: null,
      charged: null,
    })
    .execute();
}

/**
 * Marks a reservation settled, once: a second settle (the sweeper after a slow reply, or the
 * reverse) finds nothing and changes nothing.
 */
export async function markReservationSettled(
  trx: Executor,
  id: string,
  used: number,
  now: string,
): Promise<{ user_id: string; amount: number; charged: number; window_start: string } | undefined> {
  return trx
    .updateTable('token_reservations')
    .set((eb) => ({
      settled_at: now,
      charged: eb.case().when('amount', '<', used).then(eb.ref('amount')).else(eb.val(used)).end(),
    }))
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .returning(['user_id', 'amount', 'charged', 'window_start'])
    .executeTakeFirst() as Promise<
    { user_id: string; amount: number; charged: number; window_start: string } | undefined
  >;
}

/**
 * Gives back a settled reservation's hold, less what it charged, and ends its stream. The hold
 * returns only to the window it came from: after a reset the old window's tokens are gone.
 */
export async function returnHold(
  kind: DatabaseKind,
  trx: Executor,
  p: { userId: string; windowStart: string; amount: number; charged: number; now: string },
): Promise<{ balance: number; window_start: string }> {
  const sameWindow = sql`window_start = ${timestamp(kind, p.windowStart)}`;
  const result = await sql<{ balance: number; window_start: string }>`
    update token_accounts set
      balance = balance + case when ${sameWindow} then ${p.amount - p.charged} else 0 end,
      open_streams = case when open_streams > 0 then open_streams - 1 else 0 end,
      updated_at = ${timestamp(kind, p.now)}
    where user_id = ${p.userId}
    returning balance, window_start`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error(`returnHold: no token account for ${p.userId}`);
  return row;
}

/** Replaces the balance with a new window's allowance (a plan grant); returns the row after. */
export async function replaceWindow(
  kind: DatabaseKind,
  trx: Executor,
  p: {
    userId: string;
    planId: string;
    windowKind: WindowKind;
    allowance: number;
    window: Window;
    now: string;
  },
): Promise<{ balance: number; last_expired: number }> {
  const result = await sql<{ balance: number; last_expired: number }>`
    update token_accounts set
      last_expired = balance,
      balance = ${p.allowance},
      plan_id = ${p.planId},
      window_kind = ${p.windowKind},
      window_allowance = ${p.allowance},
      window_start = ${timestamp(kind, p.window.start)},
      window_end = ${timestamp(kind, p.window.end)},
      updated_at = ${timestamp(kind, p.now)}
    where user_id = ${p.userId}
    returning balance, last_expired`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error(`replaceWindow: no token account for ${p.userId}`);
  return row;
}

export function ledgerReferenceExists(db: Executor, reference: string): Promise<boolean> {
  return db
    .selectFrom('token_ledger')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export function recentLedger(db: Executor, userId: string, limit: number): Promise<LedgerRow[]> {
  return db
    .selectFrom('token_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('balance_after', 'asc')
    .limit(limit)
    .execute();
}

/** Reservations whose reply never settled them (a crash) and whose time is up. */
export function expiredReservationIds(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('token_reservations')
    .select('id')
    .where('settled_at', 'is', null)
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

/**
 * Adds `delta` (negative to deduct) to a balance unless it would go below zero; answers the new
 * balance, or undefined when refused.
 */
export async function adjustAccountBalance(
  trx: Executor,
  userId: string,
  delta: number,
  now: string,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('token_accounts')
    .set((eb) => ({ balance: eb('balance', '+', delta), updated_at: now }))
    .where('user_id', '=', userId)
    .where((eb) => eb(eb('balance', '+', delta), '>=', 0))
    .returning('balance')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.balance);
}

/** Balances by person, for the console's list (people without an account are absent). */
export async function balancesOf(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('token_accounts')
    .select(['user_id', 'balance'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.balance)]));
}

/** The sum of a person's ledger rows (which equals their balance). */
export async function ledgerSum(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('token_ledger')
    .select((eb) => eb.fn.sum<number>('delta').as('sum'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/** Every ledger row of a person, oldest first: their data export. */
export function wholeLedgerOf(db: Executor, userId: string): Promise<LedgerRow[]> {
  return db
    .selectFrom('token_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('balance_after', 'desc')
    .execute();
}
