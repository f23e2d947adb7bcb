import { callRoute, type RequestOptions } from '../../api-client';
import {
  caseListSchema,
  deskCaseSchema,
  deskQueueSchema,
  ownCaseSchema,
  sharedConversationSchema,
  staffListSchema,
  type CaseStatus,
  type CreateCaseRequest,
} from '../../../shared/cases';

/** What cases need from the signed-in session: calls as the person, refreshed on 401. */
export interface CasesSession {
  fetch(path: string, options?: RequestOptions): Promise<Response>;
}

/**
 * The cases and desk calls, from the route table (src/web/api-routes.ts), through the session's
 * fetch (which throws an ApiError for a failure), as the chat's do: bodies and answers typed by
 * the shared contract the server validates with, and each answer parsed by its schema (zod is
 * already here, for the case form), so a changed shape is an error, not data.
 */
export function createCasesApi(session: CasesSession) {
  const fetcher = (path: string, options: RequestOptions) => session.fetch(path, options);
  const desk = deskCaseSchema;
  return {
    create: (body: CreateCaseRequest) =>
      callRoute(fetcher, 'POST /api/cases', { body, check: ownCaseSchema }),
    list: () => callRoute(fetcher, 'GET /api/cases', { check: caseListSchema }),
    get: (id: string) =>
      callRoute(fetcher, 'GET /api/cases/:id', { params: { id }, check: ownCaseSchema }),
    reply: (id: string, body: string) =>
      callRoute(fetcher, 'POST /api/cases/:id/messages', {
        params: { id },
        body: { body },
        check: ownCaseSchema,
      }),

    /** The desk's queue; a filter left empty ('') is not sent. */
    queue: (filter: Record<string, string | undefined>) =>
      callRoute(fetcher, 'GET /api/desk/cases', {
        query: Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, v || undefined])),
        check: deskQueueSchema,
      }),
    staff: () => callRoute(fetcher, 'GET /api/desk/staff', { check: staffListSchema }),
    deskCase: (id: string) =>
      callRoute(fetcher, 'GET /api/desk/cases/:id', { params: { id }, check: desk }),
    sharedConversation: (id: string) =>
      callRoute(fetcher, 'GET /api/desk/cases/:id/conversation', {
        params: { id },
        check: sharedConversationSchema,
      }),
    addNote: (id: string, body: string) =>
      callRoute(fetcher, 'POST /api/desk/cases/:id/notes', {
        params: { id },
        body: { body },
        check: desk,
      }),
    assign: (id: string, assigneeId: string | null) =>
      callRoute(fetcher, 'POST /api/desk/cases/:id/assign', {
        params: { id },
        body: { assigneeId },
        check: desk,
      }),
    setStatus: (id: string, status: CaseStatus) =>
      callRoute(fetcher, 'POST /api/desk/cases/:id/status', {
        params: { id },
        body: { status },
        check: desk,
      }),
    firmReply: (id: string, body: string) =>
      callRoute(fetcher, 'POST /api/desk/cases/:id/replies', {
        params: { id },
        body: { body },
        check: desk,
      }),
  };
}

export type CasesApi = ReturnType<typeof createCasesApi>;
