import type { RequestOptions } from '../../api-client';
import type { Conversation, ConversationList, ConversationSummary } from '../../../shared/chat';
import type { TokenStatus } from '../../../shared/tokens';

/** What the chat needs from the signed-in session: calls as the person, refreshed on 401. */
export interface ChatSession {
  fetch(path: string, options?: RequestOptions): Promise<Response>;
}

/**
 * The chat's API calls, typed from the shared contract. Their paths hold ids, so they go through
 * the session's raw fetch (which throws an ApiError for a failure) rather than the route table.
 */
export function createChatApi(session: ChatSession) {
  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const response = await session.fetch(path, options);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  };
  return {
    list(options: { cursor?: string | null; q?: string }) {
      const query = new URLSearchParams();
      if (options.cursor) query.set('cursor', options.cursor);
      if (options.q) query.set('q', options.q);
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      return request<ConversationList>(`/api/conversations${suffix}`);
    },
    get: (id: string) => request<Conversation>(`/api/conversations/${id}`),
    rename: (id: string, title: string) =>
      request<ConversationSummary>(`/api/conversations/${id}`, {
        method: 'PATCH',
        body: { title },
      }),
    remove: (id: string) => request<void>(`/api/conversations/${id}`, { method: 'DELETE' }),
    rate: (messageId: string, rating: 'up' | 'down' | null) =>
      request<void>(`/api/messages/${messageId}/feedback`, { body: { rating } }),
    notice: () => request<{ acknowledgedAt: string | null }>('/api/chat/notice'),
    acknowledgeNotice: () =>
      request<{ acknowledgedAt: string | null }>('/api/chat/notice', { method: 'POST' }),
    tokens: () => request<TokenStatus>('/api/tokens'),
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
