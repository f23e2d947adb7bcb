import { ApiError } from '../../api-client';
import type { ConfirmResponse } from '../../../shared/billing';

export type ConfirmOutcome =
  | { kind: 'confirmed'; planName: string }
  /** Not seen yet after every try: the webhook will still fulfil it. */
  | { kind: 'pending' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'aborted' };

export interface ConfirmPolling {
  confirm: (signal: AbortSignal) => Promise<ConfirmResponse>;
  signal: AbortSignal;
  /** Resolves after `ms`, or at once when the signal aborts. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  maxTries?: number;
  intervalMs?: number;
}

/** Asks again every second, twenty times: long enough for a card to clear, short enough to wait. */
export const confirmTries = 20;
export const confirmIntervalMs = 1000;

/** Failures worth another try: offline for a moment, the server busy, a rate limit. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Confirms a checkout session after the person comes back from paying. Stops at the first
 * `confirmed: true`; asks again after `confirmed: false` or a passing failure; stops at once on a
 * failure that will not change (an unknown session). After the last try it is `pending` if the
 * server answered at all, else `failed` with the last failure.
 */
export async function pollCheckoutConfirmation({
  confirm,
  signal,
  wait = sleep,
  maxTries = confirmTries,
  intervalMs = confirmIntervalMs,
}: ConfirmPolling): Promise<ConfirmOutcome> {
  let answered = false;
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= maxTries; attempt += 1) {
    if (signal.aborted) return { kind: 'aborted' };
    try {
      const result = await confirm(signal);
      if (result.confirmed) return { kind: 'confirmed', planName: result.plan.name };
      answered = true;
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted' };
      if (!isTransient(error)) return { kind: 'failed', error };
      lastError = error;
    }
    if (attempt < maxTries) await wait(intervalMs, signal);
  }
  if (signal.aborted) return { kind: 'aborted' };
  return answered ? { kind: 'pending' } : { kind: 'failed', error: lastError };
}
