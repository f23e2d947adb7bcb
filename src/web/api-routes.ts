import type { z } from 'zod';
import type {
  adjustTokensRequestSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  auditPageSchema,
  contactMessageListSchema,
  disabledRequestSchema,
  figuresSchema,
  roleRequestSchema,
  subscriberListSchema,
} from '../shared/admin';
import type {
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  emailOnlyRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  providersResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  updateProfileRequestSchema,
  userSchema,
  verifyEmailRequestSchema,
} from '../shared/auth';
import type {
  billingOverviewSchema,
  checkoutRequestSchema,
  confirmRequestSchema,
  confirmResponseSchema,
  redirectResponseSchema,
} from '../shared/billing';
import type {
  assignRequestSchema,
  caseListSchema,
  caseMessageRequestSchema,
  caseNoteRequestSchema,
  createCaseRequestSchema,
  deskCaseSchema,
  deskQueueSchema,
  ownCaseSchema,
  sharedConversationSchema,
  staffListSchema,
  statusRequestSchema,
} from '../shared/cases';
import type {
  conversationListSchema,
  conversationSchema,
  conversationSummarySchema,
  feedbackRequestSchema,
  noticeStatusSchema,
  renameConversationSchema,
  stopAnswerSchema,
} from '../shared/chat';
import type { contactRequestSchema } from '../shared/contact';
import type { tokenStatusSchema } from '../shared/tokens';
import type { guideSearchResponseSchema } from '../shared/guides-api';
import type { newsletterSubscribeSchema, newsletterTokenSchema } from '../shared/newsletter';

/**
 * Every JSON route the web app calls, by "METHOD path": what it sends and what it reads back,
 * typed from the shared zod schemas the server's routes validate with. Type-only imports: zod
 * stays out of the bundle. A schema changed on one side breaks the build on the other.
 */
type Route<Body extends z.ZodType | undefined, Answer extends z.ZodType | undefined> = {
  body: Body extends z.ZodType ? z.input<Body> : undefined;
  answer: Answer extends z.ZodType ? z.output<Answer> : undefined;
};

/** Routes that take no body are sent an empty object, as a POST with JSON. */
type Empty = Record<string, never>;

export interface ApiRoutes {
  'POST /api/auth/register': Route<typeof registerRequestSchema, typeof messageResponseSchema>;
  'POST /api/auth/verify-email': Route<
    typeof verifyEmailRequestSchema,
    typeof sessionResponseSchema
  >;
  'POST /api/auth/resend-verification': Route<
    typeof emailOnlyRequestSchema,
    typeof messageResponseSchema
  >;
  'POST /api/auth/login': Route<typeof loginRequestSchema, typeof sessionResponseSchema>;
  'POST /api/auth/refresh': { body: Empty; answer: z.output<typeof sessionResponseSchema> };
  'POST /api/auth/logout': { body: Empty; answer: undefined };
  'POST /api/auth/forgot-password': Route<
    typeof emailOnlyRequestSchema,
    typeof messageResponseSchema
  >;
  'POST /api/auth/reset-password': Route<
    typeof resetPasswordRequestSchema,
    typeof messageResponseSchema
  >;
  'GET /api/auth/providers': Route<undefined, typeof providersResponseSchema>;
  'GET /api/me': Route<undefined, typeof userSchema>;
  'PATCH /api/me': Route<typeof updateProfileRequestSchema, typeof userSchema>;
  'DELETE /api/me': Route<typeof deleteAccountRequestSchema, undefined>;
  'POST /api/me/password': Route<typeof changePasswordRequestSchema, typeof messageResponseSchema>;
  'POST /api/me/sessions/revoke': { body: Empty; answer: undefined };
  'POST /api/contact': Route<typeof contactRequestSchema, typeof messageResponseSchema>;
  'GET /api/guides/search': Route<undefined, typeof guideSearchResponseSchema>;
  'POST /api/newsletter/subscribe': Route<
    typeof newsletterSubscribeSchema,
    typeof messageResponseSchema
  >;
  'POST /api/newsletter/confirm': Route<typeof newsletterTokenSchema, typeof messageResponseSchema>;
  'POST /api/newsletter/unsubscribe': Route<
    typeof newsletterTokenSchema,
    typeof messageResponseSchema
  >;
  // The chat (its stream, POST /api/conversations/:id/messages, goes through useChat).
  'GET /api/conversations': Route<undefined, typeof conversationListSchema>;
  'GET /api/conversations/:id': Route<undefined, typeof conversationSchema>;
  'PATCH /api/conversations/:id': Route<
    typeof renameConversationSchema,
    typeof conversationSummarySchema
  >;
  'DELETE /api/conversations/:id': Route<undefined, undefined>;
  'POST /api/conversations/:id/stop': { body: Empty; answer: z.output<typeof stopAnswerSchema> };
  'POST /api/messages/:id/feedback': Route<typeof feedbackRequestSchema, undefined>;
  'GET /api/chat/notice': Route<undefined, typeof noticeStatusSchema>;
  'POST /api/chat/notice': { body: Empty; answer: z.output<typeof noticeStatusSchema> };
  'GET /api/tokens': Route<undefined, typeof tokenStatusSchema>;
  // Billing (the webhook is Stripe's, not the browser's).
  'GET /api/billing': Route<undefined, typeof billingOverviewSchema>;
  'POST /api/billing/checkout': Route<typeof checkoutRequestSchema, typeof redirectResponseSchema>;
  'POST /api/billing/confirm': Route<typeof confirmRequestSchema, typeof confirmResponseSchema>;
  'POST /api/billing/portal': { body: Empty; answer: z.output<typeof redirectResponseSchema> };
  // A person's own cases.
  'POST /api/cases': Route<typeof createCaseRequestSchema, typeof ownCaseSchema>;
  'GET /api/cases': Route<undefined, typeof caseListSchema>;
  'GET /api/cases/:id': Route<undefined, typeof ownCaseSchema>;
  'POST /api/cases/:id/messages': Route<typeof caseMessageRequestSchema, typeof ownCaseSchema>;
  // The firm's desk (staff).
  'GET /api/desk/cases': Route<undefined, typeof deskQueueSchema>;
  'GET /api/desk/staff': Route<undefined, typeof staffListSchema>;
  'GET /api/desk/cases/:id': Route<undefined, typeof deskCaseSchema>;
  'GET /api/desk/cases/:id/conversation': Route<undefined, typeof sharedConversationSchema>;
  'POST /api/desk/cases/:id/notes': Route<typeof caseNoteRequestSchema, typeof deskCaseSchema>;
  'POST /api/desk/cases/:id/assign': Route<typeof assignRequestSchema, typeof deskCaseSchema>;
  'POST /api/desk/cases/:id/status': Route<typeof statusRequestSchema, typeof deskCaseSchema>;
  'POST /api/desk/cases/:id/replies': Route<typeof caseMessageRequestSchema, typeof deskCaseSchema>;
  // The console (admins); its CSV exports are files, saved as they come.
  'GET /api/admin/users': Route<undefined, typeof adminUserListSchema>;
  'GET /api/admin/users/:id': Route<undefined, typeof adminUserDetailSchema>;
  'POST /api/admin/users/:id/tokens': Route<
    typeof adjustTokensRequestSchema,
    typeof adminUserDetailSchema
  >;
  'POST /api/admin/users/:id/disabled': Route<
    typeof disabledRequestSchema,
    typeof adminUserDetailSchema
  >;
  'POST /api/admin/users/:id/verification': {
    body: Empty;
    answer: z.output<typeof messageResponseSchema>;
  };
  'POST /api/admin/users/:id/role': Route<typeof roleRequestSchema, typeof adminUserDetailSchema>;
  'GET /api/admin/audit': Route<undefined, typeof auditPageSchema>;
  'GET /api/admin/figures': Route<undefined, typeof figuresSchema>;
  'GET /api/admin/contact-messages': Route<undefined, typeof contactMessageListSchema>;
  'GET /api/admin/newsletter-subscribers': Route<undefined, typeof subscriberListSchema>;
}

export type ApiRoute = keyof ApiRoutes;
export type ApiBody<R extends ApiRoute> = ApiRoutes[R]['body'];
export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R]['answer'];
/** A route's path parameters (`:id`), filled in by the client. */
export type ApiParams<R extends ApiRoute> = R extends `${string}:id${string}`
  ? { params: { id: string } }
  : { params?: undefined };
