import { callRoute, type RequestOptions } from '../../api-client';
import {
  adminUserDetailSchema,
  adminUserListSchema,
  auditPageSchema,
  contactMessageListSchema,
  figuresSchema,
  subscriberListSchema,
  type AdjustTokensRequest,
} from '../../../shared/admin';
import { messageResponseSchema } from '../../../shared/auth';

export interface AdminSession {
  fetch(path: string, options?: RequestOptions): Promise<Response>;
}

/**
 * The console's calls, from the route table (src/web/api-routes.ts), through the session's
 * fetch (refreshed on 401): bodies and answers typed by the shared contract the server
 * validates with, and each answer parsed by its schema, so a changed shape is an error, not data.
 */
export function createAdminApi(session: AdminSession) {
  const fetcher = (path: string, options: RequestOptions) => session.fetch(path, options);
  const user = adminUserDetailSchema;
  return {
    users: (q: string) =>
      callRoute(fetcher, 'GET /api/admin/users', {
        query: { q: q || undefined },
        check: adminUserListSchema,
      }),
    user: (id: string) =>
      callRoute(fetcher, 'GET /api/admin/users/:id', { params: { id }, check: user }),
    adjust: (id: string, body: AdjustTokensRequest) =>
      callRoute(fetcher, 'POST /api/admin/users/:id/tokens', { params: { id }, body, check: user }),
    setDisabled: (id: string, disabled: boolean) =>
      callRoute(fetcher, 'POST /api/admin/users/:id/disabled', {
        params: { id },
        body: { disabled },
        check: user,
      }),
    resendVerification: (id: string) =>
      callRoute(fetcher, 'POST /api/admin/users/:id/verification', {
        params: { id },
        body: {},
        check: messageResponseSchema,
      }),
    setRole: (id: string, role: 'user' | 'staff' | 'admin') =>
      callRoute(fetcher, 'POST /api/admin/users/:id/role', {
        params: { id },
        body: { role },
        check: user,
      }),
    audit: (before?: string) =>
      callRoute(fetcher, 'GET /api/admin/audit', { query: { before }, check: auditPageSchema }),
    figures: () => callRoute(fetcher, 'GET /api/admin/figures', { check: figuresSchema }),
    contactMessages: () =>
      callRoute(fetcher, 'GET /api/admin/contact-messages', { check: contactMessageListSchema }),
    subscribers: () =>
      callRoute(fetcher, 'GET /api/admin/newsletter-subscribers', { check: subscriberListSchema }),
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
