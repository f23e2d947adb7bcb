import { callRoute, type RequestOptions } from '../../api-client';
import {
  conversationListSchema,
  conversationSchema,
  conversationSummarySchema,
  noticeStatusSchema,
  stopAnswerSchema,
} from '../../../shared/chat';
import { tokenStatusSchema } from '../../../shared/tokens';

/** What the chat needs from the signed-in session: calls as the person, refreshed on 401. */
export interface ChatSession {
  fetch(path: string, options?: RequestOptions): Promise<Response>;
}

/**
 * The chat's API calls, from the route table (src/web/api-routes.ts): bodies and answers are
 * typed by the shared schemas the server validates with, and each answer is parsed by its
 * schema here (zod is already in the chat's own chunk), so a changed shape is an error, not data.
 */
export function createChatApi(session: ChatSession) {
  const fetcher = (path: string, options: RequestOptions) => session.fetch(path, options);
  return {
    list(options: { cursor?: string | null; q?: string }) {
      return callRoute(fetcher, 'GET /api/conversations', {
        query: { cursor: options.cursor ?? undefined, q: options.q || undefined },
        check: conversationListSchema,
      });
    },
    get: (id: string) =>
      callRoute(fetcher, 'GET /api/conversations/:id', {
        params: { id },
        check: conversationSchema,
      }),
    rename: (id: string, title: string) =>
      callRoute(fetcher, 'PATCH /api/conversations/:id', {
        params: { id },
        body: { title },
        check: conversationSummarySchema,
      }),
    remove: (id: string) => callRoute(fetcher, 'DELETE /api/conversations/:id', { params: { id } }),
    /** Stops the answer being written, and answers once it is settled: its charge, the balance. */
    stop: (id: string) =>
      callRoute(fetcher, 'POST /api/conversations/:id/stop', {
        params: { id },
        body: {},
        check: stopAnswerSchema,
      }),
    rate: (messageId: string, rating: 'up' | 'down' | null) =>
      callRoute(fetcher, 'POST /api/messages/:id/feedback', {
        params: { id: messageId },
        body: { rating },
      }),
    notice: () => callRoute(fetcher, 'GET /api/chat/notice', { check: noticeStatusSchema }),
    acknowledgeNotice: () =>
      callRoute(fetcher, 'POST /api/chat/notice', { body: {}, check: noticeStatusSchema }),
    tokens: () => callRoute(fetcher, 'GET /api/tokens', { check: tokenStatusSchema }),
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
