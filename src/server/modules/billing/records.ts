import { findPlan } from '../../../shared/plans.js';
import type { Db } from '../../db/database.js';

/**
 * Billing's subscription records as the console reads them (decision 0133): a person's history,
 * and the business figures. Read-only; billing still owns `subscriptions`.
 */
export function createBillingRecords(db: Db) {
  return {
    /** A person's subscriptions, newest first. */
    async historyOf(userId: string) {
      const rows = await db.kysely
        .selectFrom('subscriptions')
        .select([
          'id',
          'provider',
          'plan_id',
          'status',
          'current_period_start',
          'current_period_end',
          'trial_end',
          'cancel_at_period_end',
          'ended_at',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        plan: findPlan(row.plan_id)?.name ?? row.plan_id,
        planId: row.plan_id,
        status: row.status,
        periodStart: row.current_period_start,
        periodEnd: row.current_period_end,
        trialEnd: row.trial_end,
        cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
        endedAt: row.ended_at,
        createdAt: row.created_at,
      }));
    },

    /** The plan of each person with a subscription that still gives them a plan. */
    async currentPlans(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.kysely
        .selectFrom('subscriptions')
        .select(['user_id', 'plan_id'])
        .where('user_id', 'in', userIds)
        .where('status', 'in', ['active', 'trialing', 'past_due'])
        .execute();
      return new Map(rows.map((r) => [r.user_id, findPlan(r.plan_id)?.name ?? r.plan_id]));
    },

    /**
     * Active subscriptions by plan, monthly recurring revenue (cents; a yearly price counts a
     * twelfth, trials count nothing until paid), and first paid subscriptions per day since `from`.
     */
    async figures(from: string) {
      const rows = await db.kysely
        .selectFrom('subscriptions')
        .select(['user_id', 'plan_id', 'status', 'created_at'])
        .execute();
      const byPlan = new Map<string, number>();
      let mrrCents = 0;
      const firstOf = new Map<string, string>();
      for (const row of rows) {
        const plan = findPlan(row.plan_id);
        if (row.status === 'active' || row.status === 'trialing' || row.status === 'past_due') {
          const name = plan?.name ?? row.plan_id;
          byPlan.set(name, (byPlan.get(name) ?? 0) + 1);
        }
        if (plan && (row.status === 'active' || row.status === 'past_due')) {
          mrrCents += plan.interval === 'year' ? plan.priceCents / 12 : plan.priceCents;
        }
        const created = new Date(row.created_at).toISOString();
        const first = firstOf.get(row.user_id);
        if (!first || created < first) firstOf.set(row.user_id, created);
      }
      const conversions = new Map<string, number>();
      for (const created of firstOf.values()) {
        if (created < from) continue;
        const day = created.slice(0, 10);
        conversions.set(day, (conversions.get(day) ?? 0) + 1);
      }
      return {
        activeByPlan: [...byPlan].map(([plan, count]) => ({ plan, count })),
        mrrCents: Math.round(mrrCents),
        conversionsPerDay: [...conversions].map(([day, count]) => ({ day, count })),
      };
    },
  };
}

export type BillingRecords = ReturnType<typeof createBillingRecords>;
