import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  AdminUserDetail,
  AdminUserSummary,
  adjustTokensRequestSchema,
  Figures,
} from '../../../shared/admin.js';
import { caseMessages, type StaffRole } from '../../../shared/cases-messages.js';
import { AppError, notFound } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import type { UserRow } from '../auth/repository.js';
import type { AuthService } from '../auth/service.js';
import type { BillingRecords } from '../billing/records.js';
import type { CasesService } from '../cases/service.js';
import type { ChatUsage } from '../chat/usage.js';
import type { ContactService } from '../contact/service.js';
import type { NewsletterService } from '../newsletter/service.js';
import type { StaffActor, StaffService } from '../staff/service.js';
import type { TokensService } from '../tokens/service.js';

const userNotFound = () => notFound('That account');
const day = 24 * 60 * 60 * 1000;
/** How far back the figures look. */
export const figuresDays = 30;

/**
 * The console (decision 0133): it owns no table and reads and acts only through the services of
 * the modules that own the data. Every action is written to the audit log.
 */
export function createAdminService(
  { db }: ModuleDeps,
  services: {
    auth: AuthService;
    staff: StaffService;
    tokens: TokensService;
    billing: BillingRecords;
    chatUsage: ChatUsage;
    cases: CasesService;
    contact: ContactService;
    newsletter: NewsletterService;
  },
) {
  const { auth, staff, tokens, billing, chatUsage, cases, contact, newsletter } = services;

  async function summaries(users: UserRow[]): Promise<AdminUserSummary[]> {
    const ids = users.map((u) => u.id);
    const [roles, plans, balances, activity] = await Promise.all([
      staff.members(),
      billing.currentPlans(ids),
      tokens.balancesOf(ids),
      auth.lastActivityOf(ids),
    ]);
    const roleOf = new Map(roles.map((m) => [m.id, m.role]));
    return users.map((user) => ({
      id: user.id,
      email: user.email,
      emailVerified: user.email_verified_at !== null,
      disabled: user.disabled_at !== null,
      role: roleOf.get(user.id) ?? 'user',
      plan: plans.get(user.id) ?? 'Free',
      balance: balances.get(user.id) ?? null,
      lastActivityAt: activity.get(user.id) ?? null,
      createdAt: user.created_at,
    }));
  }

  async function userOrThrow(userId: string): Promise<UserRow> {
    const user = await auth.findUserById(userId);
    if (!user) throw userNotFound();
    return user;
  }

  async function detail(userId: string): Promise<AdminUserDetail> {
    const user = await userOrThrow(userId);
    // Renews an ended window first, so balance and ledger are read as they stand now.
    const status = await tokens.getStatus(user.id);
    const [summary] = await summaries([user]);
    const ledger = await tokens.ledgerOf(user.id, 100);
    return {
      ...summary!,
      balance: status.balance,
      plan: summary!.plan,
      subscriptions: await billing.historyOf(user.id),
      ledger,
      ledgerSum: await tokens.ledgerSumOf(user.id),
    };
  }

  const audit = (
    actor: StaffActor,
    action: string,
    user: UserRow,
    detailOf: Record<string, unknown> = {},
  ) =>
    staff.audit(db, actor, {
      action,
      targetKind: 'user',
      targetId: user.id,
      detail: { email: user.email, ...detailOf },
    });

  return {
    async searchUsers(text: string | undefined) {
      return { users: await summaries(await auth.searchUsers(text ?? '', 50)) };
    },

    user: detail,

    /** Grants (delta > 0) or deducts tokens with a reason; the ledger row names the admin. */
    async adjustTokens(
      actor: StaffActor,
      userId: string,
      input: z.output<typeof adjustTokensRequestSchema>,
    ): Promise<AdminUserDetail> {
      const user = await userOrThrow(userId);
      const reference = `admin:${actor.user.id}:${randomUUID()}`;
      const balance = await tokens.adjustBalance({ userId, delta: input.delta, reference });
      if (balance === undefined) {
        throw new AppError(409, 'admin.balance_too_low', caseMessages.balanceTooLow, {
          delta: caseMessages.balanceTooLow,
        });
      }
      await audit(actor, input.delta > 0 ? 'tokens.granted' : 'tokens.deducted', user, {
        delta: input.delta,
        reason: input.reason,
        balance,
        reference,
      });
      return detail(userId);
    },

    async setDisabled(actor: StaffActor, userId: string, disabled: boolean) {
      const user = await userOrThrow(userId);
      if (user.id === actor.user.id) {
        throw new AppError(400, 'admin.self_role', caseMessages.selfRole);
      }
      await auth.setDisabled(userId, disabled);
      await audit(actor, disabled ? 'user.disabled' : 'user.enabled', user);
      return detail(userId);
    },

    async resendVerification(actor: StaffActor, userId: string) {
      const user = await userOrThrow(userId);
      const sent = await auth.sendVerification(userId);
      if (sent) await audit(actor, 'user.verification_sent', user);
      return {
        message: sent
          ? 'A new confirmation link was sent.'
          : 'This email address is already confirmed.',
      };
    },

    async setRole(actor: StaffActor, userId: string, role: StaffRole | 'user') {
      const user = await userOrThrow(userId);
      if (user.id === actor.user.id) {
        throw new AppError(400, 'admin.self_role', caseMessages.selfRole);
      }
      if (role === 'user') {
        if (await staff.remove(userId)) await audit(actor, 'role.removed', user);
      } else {
        await staff.grant(userId, role, actor);
        await audit(actor, 'role.granted', user, { role });
      }
      return detail(userId);
    },

    auditLog: (before: string | undefined) => staff.auditLog({ before }),

    async figures(now = new Date()): Promise<Figures> {
      const from = new Date(now.getTime() - figuresDays * day).toISOString().slice(0, 10);
      const fromIso = `${from}T00:00:00.000Z`;
      const [perDay, casesPerDay, subscriptions, declined, unhelpful] = await Promise.all([
        chatUsage.perDay(fromIso),
        cases.perDay(fromIso),
        billing.figures(fromIso),
        chatUsage.declined(50),
        chatUsage.unhelpful(50),
      ]);
      return {
        from,
        perDay: perDay.sort((a, b) => a.day.localeCompare(b.day)),
        casesPerDay: casesPerDay.sort((a, b) => a.day.localeCompare(b.day)),
        conversionsPerDay: subscriptions.conversionsPerDay.sort((a, b) =>
          a.day.localeCompare(b.day),
        ),
        activeByPlan: subscriptions.activeByPlan,
        mrrCents: subscriptions.mrrCents,
        declined,
        unhelpful,
      };
    },

    async contactMessages() {
      return (await contact.list(1000)).map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        phone: m.phone,
        subject: m.subject,
        message: m.message,
        createdAt: m.created_at,
        forwarded: m.forwarded_at !== null,
        acknowledged: m.acknowledged_at !== null,
      }));
    },

    async subscribers() {
      return (await newsletter.list(10_000)).map((s) => ({
        id: s.id,
        email: s.email,
        status: s.status,
        createdAt: s.created_at,
        confirmedAt: s.confirmed_at,
        unsubscribedAt: s.unsubscribed_at,
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

/**
 * Rows as CSV (RFC 4180): every cell quoted; a cell a spreadsheet would read as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe.
 */
export function toCsv(rows: Record<string, unknown>[], columns: string[]): string {
  const cell = (value: unknown) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return `"${text.replace(/"/g, '""')}"`;
  };
  return [columns.map(cell).join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))]
    .join('\r\n')
    .concat('\r\n');
}
