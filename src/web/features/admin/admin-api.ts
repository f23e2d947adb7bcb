import type { RequestOptions } from '../../api-client';
import type {
  AdjustTokensRequest,
  AdminUserDetail,
  AdminUserSummary,
  Figures,
} from '../../../shared/admin';
import type { AuditEntry } from '../../../shared/cases';

export interface AdminSession {
  fetch(path: string, options?: RequestOptions): Promise<Response>;
}

export interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  createdAt: string;
  forwarded: boolean;
  acknowledged: boolean;
}
export interface SubscriberRow {
  id: string;
  email: string;
  status: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** The console's calls, through the session's fetch (ids in paths; refreshed on 401). */
export function createAdminApi(session: AdminSession) {
  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const response = await session.fetch(path, options);
    return (await response.json()) as T;
  };
  return {
    users: (q: string) =>
      request<{ users: AdminUserSummary[] }>(
        `/api/admin/users${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`,
      ),
    user: (id: string) => request<AdminUserDetail>(`/api/admin/users/${id}`),
    adjust: (id: string, body: AdjustTokensRequest) =>
      request<AdminUserDetail>(`/api/admin/users/${id}/tokens`, { body }),
    setDisabled: (id: string, disabled: boolean) =>
      request<AdminUserDetail>(`/api/admin/users/${id}/disabled`, { body: { disabled } }),
    resendVerification: (id: string) =>
      request<{ message: string }>(`/api/admin/users/${id}/verification`, { method: 'POST' }),
    setRole: (id: string, role: 'user' | 'staff' | 'admin') =>
      request<AdminUserDetail>(`/api/admin/users/${id}/role`, { body: { role } }),
    audit: (before?: string) =>
      request<{ entries: AuditEntry[]; nextBefore: string | null }>(
        `/api/admin/audit${before ? `?${new URLSearchParams({ before }).toString()}` : ''}`,
      ),
    figures: () => request<Figures>('/api/admin/figures'),
    contactMessages: () => request<{ messages: ContactRow[] }>('/api/admin/contact-messages'),
    subscribers: () =>
      request<{ subscribers: SubscriberRow[] }>('/api/admin/newsletter-subscribers'),
    /** A CSV export, as a file the browser saves. */
    async download(path: string, filename: string) {
      const response = await session.fetch(path);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
