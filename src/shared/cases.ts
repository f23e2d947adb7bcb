/** The cases API (a person's own), the desk API (staff) and the console API (admins). */
import { z } from 'zod';
import { guideAreas } from './guides.js';
import { regionsByCountry } from './jurisdictions.js';
import {
  caseLimits,
  caseMessages,
  caseStatuses,
  contactPreferences,
  staffRoles,
} from './cases-messages.js';
import { multiLineText, singleLineText } from './text.js';

export * from './cases-messages.js';

const usStates = (regionsByCountry.US?.regions ?? []).map((r) => r.code) as [string, ...string[]];
export const caseStateSchema = z.enum(usStates, { error: caseMessages.stateRequired });
export const caseAreaSchema = z.enum(guideAreas.map((a) => a.id) as [string, ...string[]]);

export const caseIdSchema = z.uuid();

export const createCaseRequestSchema = z
  .object({
    question: multiLineText({
      min: caseLimits.questionMin,
      max: caseLimits.question,
      tooShort: caseMessages.questionTooShort,
      tooLong: caseMessages.questionTooLong,
    }),
    state: caseStateSchema,
    area: caseAreaSchema.nullable().optional(),
    contactPreference: z.enum(contactPreferences),
    phone: singleLineText({
      max: caseLimits.phone,
      tooLong: caseMessages.phoneInvalid,
      invalid: caseMessages.phoneInvalid,
    })
      .regex(/^$|^\+?[\d ().-]{5,}$/, caseMessages.phoneInvalid)
      .optional(),
    /** The conversation the question came from. */
    conversationId: z.uuid().nullable().optional(),
    /** Explicit consent: only when true is a copy of that conversation stored with the case. */
    shareConversation: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (value.contactPreference === 'phone' && !value.phone) {
      context.addIssue({ code: 'custom', path: ['phone'], message: caseMessages.phoneRequired });
    }
  });
export type CreateCaseRequest = z.input<typeof createCaseRequestSchema>;

export const caseMessageRequestSchema = z.object({
  body: multiLineText({
    min: 1,
    max: caseLimits.message,
    tooShort: caseMessages.messageRequired,
    tooLong: caseMessages.messageTooLong,
  }),
});
export type CaseMessageRequest = z.input<typeof caseMessageRequestSchema>;

export const caseMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['person', 'firm']),
  body: z.string(),
  createdAt: z.string(),
});

export const sharedMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.string(),
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

export const caseSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  question: z.string(),
  state: z.string(),
  area: z.string().nullable(),
  status: z.enum(caseStatuses),
  contactPreference: z.enum(contactPreferences),
  shared: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

/** A person's own case: the firm's replies and theirs, in order; notes are never shown. */
export const ownCaseSchema = caseSummarySchema.extend({
  phone: z.string().nullable(),
  messages: z.array(caseMessageSchema),
  sharedConversation: z.array(sharedMessageSchema).nullable(),
});
export type OwnCase = z.infer<typeof ownCaseSchema>;

export const caseListSchema = z.object({ cases: z.array(caseSummarySchema) });

// The desk.

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });

export const deskQueueQuerySchema = z.object({
  status: z.enum(caseStatuses).optional(),
  state: caseStateSchema.optional(),
  area: caseAreaSchema.optional(),
  /** A staff member's id, `me`, or `none` for unassigned cases. */
  assignee: z.union([z.uuid(), z.enum(['me', 'none'])]).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type DeskQueueQuery = z.input<typeof deskQueueQuerySchema>;

export const deskCaseSummarySchema = caseSummarySchema.extend({
  personEmail: z.string(),
  assignee: staffMemberSchema.pick({ id: true, email: true }).nullable(),
});
export type DeskCaseSummary = z.infer<typeof deskCaseSummarySchema>;

export const deskQueueSchema = z.object({
  cases: z.array(deskCaseSummarySchema),
  /** The offset of the next page, or null at the end. */
  nextOffset: z.number().int().nullable(),
});

export const caseNoteSchema = z.object({
  id: z.string(),
  authorEmail: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

/** A case as staff see it; the shared conversation is opened separately (and audited). */
export const deskCaseSchema = deskCaseSummarySchema.extend({
  phone: z.string().nullable(),
  messages: z.array(caseMessageSchema),
  notes: z.array(caseNoteSchema),
  staff: z.array(staffMemberSchema),
});
export type DeskCase = z.infer<typeof deskCaseSchema>;

export const sharedConversationSchema = z.object({
  messages: z.array(sharedMessageSchema),
});

export const caseNoteRequestSchema = z.object({
  body: multiLineText({
    min: 1,
    max: caseLimits.note,
    tooShort: caseMessages.messageRequired,
    tooLong: caseMessages.noteTooLong,
  }),
});
export const assignRequestSchema = z.object({ assigneeId: z.uuid().nullable() });
export const statusRequestSchema = z.object({ status: z.enum(caseStatuses) });

// The audit log.

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
