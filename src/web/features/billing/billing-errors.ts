import { ApiError } from '../../api-client';
import { messageForCode } from '../../error-messages';

/** Failures whose own message says best what to do (wait, or check the connection). */
const ownMessageCodes = new Set(['request.rate_limited', 'network.failed']);

/**
 * What a failed billing call shows: the code's message from the one table, the server's words
 * for waiting or being offline, else this call's fallback ("The checkout could not be opened").
 */
export function billingFailureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const known = messageForCode(error.code);
  if (known) return known;
  return ownMessageCodes.has(error.code) ? error.message : fallback;
}
