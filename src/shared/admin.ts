/** The console's API (admins only): users, tokens, roles, the audit log, figures, lists. */
import { z } from 'zod';
import { caseLimits, caseMessages, staffRoles } from './cases-messages.js';
import { auditEntrySchema } from './cases.js';
import { singleLineText } from './text.js';

export const userIdParamsSchema = z.object({ userId: z.uuid() });

export const userSearchQuerySchema = z.object({
  q: z.string().trim().max(caseLimits.search).optional(),
});

export const adminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  role: z.enum(['user', ...staffRoles]),
  plan: z.string(),
  balance: z.number().int().nullable(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSummarySchema) });

export const ledgerRowSchema = z.object({
  kind: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reference: z.string(),
  createdAt: z.string(),
});

export const subscriptionRecordSchema = z.object({
  id: z.string(),
  provider: z.string(),
  plan: z.string(),
  status: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  subscriptions: z.array(subscriptionRecordSchema),
  ledger: z.array(ledgerRowSchema),
  /** The ledger's sum over all time, which equals the balance. */
  ledgerSum: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adjustTokensRequestSchema = z.object({
  delta: z
    .number()
    .int()
    .min(-caseLimits.adjustment)
    .max(caseLimits.adjustment)
    .refine((n) => n !== 0, 'Enter a number of tokens other than zero.'),
  reason: singleLineText({
    min: 1,
    max: caseLimits.reason,
    tooShort: caseMessages.reasonRequired,
    tooLong: caseMessages.reasonTooLong,
  }),
});
export type AdjustTokensRequest = z.input<typeof adjustTokensRequestSchema>;

export const disabledRequestSchema = z.object({ disabled: z.boolean() });
export const roleRequestSchema = z.object({ role: z.enum(['user', ...staffRoles]) });

export const auditQuerySchema = z.object({
  before: z.iso.datetime({ offset: true }).optional(),
});
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.string().nullable(),
});

const dayCount = z.object({ day: z.string(), count: z.number().int() });
const answerWithQuestion = z.object({
  question: z.string(),
  answer: z.string(),
  createdAt: z.string(),
});
export const figuresSchema = z.object({
  from: z.string(),
  perDay: z.array(
    z.object({
      day: z.string(),
      people: z.number().int(),
      questions: z.number().int(),
      tokens: z.number().int(),
    }),
  ),
  casesPerDay: z.array(dayCount),
  conversionsPerDay: z.array(dayCount),
  activeByPlan: z.array(z.object({ plan: z.string(), count: z.number().int() })),
  mrrCents: z.number().int(),
  declined: z.array(answerWithQuestion),
  unhelpful: z.array(answerWithQuestion),
});
export type Figures = z.infer<typeof figuresSchema>;

export const csvQuerySchema = z.object({ format: z.enum(['json', 'csv']).optional() });

export const contactMessageRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  forwarded: z.boolean(),
  acknowledged: z.boolean(),
});
export type ContactMessageRow = z.infer<typeof contactMessageRowSchema>;
export const contactMessageListSchema = z.object({ messages: z.array(contactMessageRowSchema) });

export const subscriberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type SubscriberRow = z.infer<typeof subscriberRowSchema>;
export const subscriberListSchema = z.object({ subscribers: z.array(subscriberRowSchema) });
