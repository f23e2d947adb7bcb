import { ApiError, callRoute, type RequestOptions } from '../../api-client';
import type { PlanId } from '../../../shared/plans';

/** What billing needs from the signed-in session: calls as the person, refreshed on 401. */
export interface BillingSession {
  fetch(path: string, options?: RequestOptions): Promise<Response>;
}

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where the browser may be sent: our own pages, or an https page (Stripe's checkout or portal),
 * or a page on this very machine (browsers trust loopback as they trust https). Anything else
 * (a `javascript:` address, plain http elsewhere) is refused rather than followed.
 */
export function isSafeRedirect(url: string, origin: string): boolean {
  try {
    const target = new URL(url, origin);
    return (
      target.origin === origin ||
      target.protocol === 'https:' ||
      (target.protocol === 'http:' && loopback.has(target.hostname))
    );
  } catch {
    return false;
  }
}

/**
 * Billing's API calls, from the route table (src/web/api-routes.ts): typed by the shared
 * contract (type-only imports keep zod out of the pricing page). The addresses the browser is
 * sent to are checked before they are handed back.
 */
export function createBillingApi(session: BillingSession) {
  const fetcher = (path: string, options: RequestOptions) => session.fetch(path, options);
  /** Where an answer sends the browser, once checked. */
  const safe = ({ url }: { url: string }): string => {
    if (typeof url !== 'string' || !isSafeRedirect(url, window.location.origin)) {
      throw new ApiError(200, 'http.failed', 'The server sent an answer we cannot read.');
    }
    return url;
  };
  return {
    overview: () => callRoute(fetcher, 'GET /api/billing', {}),
    /** The address of the checkout for this plan (or of the portal, for someone subscribed). */
    checkout: async (planId: PlanId) =>
      safe(await callRoute(fetcher, 'POST /api/billing/checkout', { body: { planId } })),
    confirm: (sessionId: string, signal?: AbortSignal) =>
      callRoute(fetcher, 'POST /api/billing/confirm', {
        body: { sessionId },
        ...(signal ? { signal } : {}),
      }),
    portal: async () => safe(await callRoute(fetcher, 'POST /api/billing/portal', { body: {} })),
  };
}

export type BillingApi = ReturnType<typeof createBillingApi>;
