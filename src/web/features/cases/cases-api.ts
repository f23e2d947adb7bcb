import type { RequestOptions } from '../../api-client';
import type {
  CaseStatus,
  CaseSummary,
  CreateCaseRequest,
  DeskCase,
  DeskCaseSummary,
  OwnCase,
  SharedMessage,
  StaffMember,
} from '../../../shared/cases';

/** What cases need from the signed-in session: calls as the person, refreshed on 401. */
export interface CasesSession {
  fetch(path: string, options?: RequestOptions): Promise<Response>;
}

/**
 * The cases and desk calls, typed from the shared contract. Their paths hold ids, so they go
 * through the session's fetch (which throws an ApiError for a failure), as the chat's do.
 */
export function createCasesApi(session: CasesSession) {
  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const response = await session.fetch(path, options);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  };
  return {
    create: (body: CreateCaseRequest) => request<OwnCase>('/api/cases', { body }),
    list: () => request<{ cases: CaseSummary[] }>('/api/cases'),
    get: (id: string) => request<OwnCase>(`/api/cases/${id}`),
    reply: (id: string, body: string) =>
      request<OwnCase>(`/api/cases/${id}/messages`, { body: { body } }),

    queue(filter: Record<string, string | undefined>) {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
      );
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      return request<{ cases: DeskCaseSummary[]; nextOffset: number | null }>(
        `/api/desk/cases${suffix}`,
      );
    },
    staff: () => request<{ staff: StaffMember[] }>('/api/desk/staff'),
    deskCase: (id: string) => request<DeskCase>(`/api/desk/cases/${id}`),
    sharedConversation: (id: string) =>
      request<{ messages: SharedMessage[] }>(`/api/desk/cases/${id}/conversation`),
    addNote: (id: string, body: string) =>
      request<DeskCase>(`/api/desk/cases/${id}/notes`, { body: { body } }),
    assign: (id: string, assigneeId: string | null) =>
      request<DeskCase>(`/api/desk/cases/${id}/assign`, { body: { assigneeId } }),
    setStatus: (id: string, status: CaseStatus) =>
      request<DeskCase>(`/api/desk/cases/${id}/status`, { body: { status } }),
    firmReply: (id: string, body: string) =>
      request<DeskCase>(`/api/desk/cases/${id}/replies`, { body: { body } }),
  };
}

export type CasesApi = ReturnType<typeof createCasesApi>;
