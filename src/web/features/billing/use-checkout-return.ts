import { useEffect, useEffectEvent, useState } from 'react';
import type { BillingApi } from './billing-api';
import { billingFailureMessage } from './billing-errors';
import { pollCheckoutConfirmation } from './confirm-checkout';

export const checkoutReturnMessages = {
  confirming: 'Confirming your payment…',
  confirmed: (planName: string) => `Welcome to ${planName}. Your allowance is ready.`,
  pending:
    'Your payment is still being confirmed. Your plan will appear here within a few minutes.',
  failed:
    'Your payment could not be confirmed here. If you paid, your plan will appear on your account page within a few minutes.',
} as const;

export type CheckoutReturn =
  | { phase: 'idle' }
  | { phase: 'confirming' }
  | { phase: 'confirmed'; planName: string }
  | { phase: 'pending' }
  | { phase: 'failed'; message: string };

/**
 * After paying, the person lands on `/chatbot?checkout=success&session_id=…`. This asks the
 * server to confirm that session (every second, up to twenty times) so the plan shows without
 * waiting for the provider's webhook. `onConfirmed` runs once the plan is granted; `onSettled`
 * once confirming has ended either way (the page clears the address bar then).
 *
 * `sessionId` is read once by the page: clearing the query does not restart anything.
 */
export function useCheckoutReturn({
  sessionId,
  api,
  onConfirmed,
  onSettled,
}: {
  sessionId: string | null;
  api: BillingApi;
  onConfirmed: (planName: string) => void;
  onSettled: () => void;
}) {
  const [state, setState] = useState<CheckoutReturn>(() =>
    sessionId ? { phase: 'confirming' } : { phase: 'idle' },
  );
  const confirmed = useEffectEvent(onConfirmed);
  const settled = useEffectEvent(onSettled);

  useEffect(() => {
    if (!sessionId) return;
    const controller = new AbortController();
    void pollCheckoutConfirmation({
      confirm: (signal) => api.confirm(sessionId, signal),
      signal: controller.signal,
    }).then((outcome) => {
      if (outcome.kind === 'aborted') return;
      if (outcome.kind === 'confirmed') {
        setState({ phase: 'confirmed', planName: outcome.planName });
        confirmed(outcome.planName);
      } else if (outcome.kind === 'pending') {
        setState({ phase: 'pending' });
      } else {
        setState({
          phase: 'failed',
          message: billingFailureMessage(outcome.error, checkoutReturnMessages.failed),
        });
      }
      settled();
    });
    return () => controller.abort();
  }, [sessionId, api]);

  return { state, dismiss: () => setState({ phase: 'idle' }) };
}
