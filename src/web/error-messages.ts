import { authMessages } from '../shared/auth-messages';
import { billingMessages } from '../shared/billing-messages';
import { caseMessages } from '../shared/cases-messages';
import { chatMessages } from '../shared/chat-messages';
import { tokensMessages } from '../shared/tokens-messages';
import type { ErrorCode } from '../shared/errors';
import { ApiError, type ClientErrorCode } from './api-client';

/**
 * Show the server's own message for this code: it is written for people and says more than a
 * fixed text could (how long to wait, which field is wrong, which link failed).
 */
const serverMessage = null;

/**
 * The one table from every error code to what the person reads, in the spec's wording
 * (product-spec §5 and §8). It names every code of the API (ErrorCode, closed) and of the client:
 * a code added without a message here breaks the typecheck.
 */
const messagesByCode: Record<ErrorCode | ClientErrorCode, string | typeof serverMessage> = {
  'request.invalid': serverMessage,
  'request.malformed_json': serverMessage,
  'request.unsupported_media_type': serverMessage,
  'request.too_large': serverMessage,
  'request.uri_too_long': serverMessage,
  'request.headers_too_large': serverMessage,
  'request.malformed': serverMessage,
  'request.timeout': serverMessage,
  'request.rate_limited': serverMessage,
  'request.bad_origin': serverMessage,
  'route.not_found': serverMessage,
  'service.unavailable': serverMessage,
  internal: serverMessage,
  'network.failed': serverMessage,
  'http.failed': serverMessage,
  'cases.closed': caseMessages.closed,
  'staff.not_staff': caseMessages.notStaff,
  'admin.balance_too_low': caseMessages.balanceTooLow,
  'admin.self_role': caseMessages.selfRole,
  'auth.account_disabled': serverMessage,
  'auth.invalid_credentials': authMessages.incorrectCredentials,
  'auth.email_not_verified': authMessages.emailNotVerified,
  'auth.email_in_use': authMessages.emailInUse,
  'auth.password_common': authMessages.passwordCommon,
  'auth.password_incorrect': authMessages.passwordIncorrect,
  'auth.unauthenticated': authMessages.unauthenticated,
  'auth.session_expired': authMessages.sessionExpired,
  'auth.link_invalid': authMessages.linkInvalid,
  'auth.provider_failed': 'Signing in with that provider did not work. Please try again.',
  // Sent when an account with the provider's email exists and the provider does not vouch for the
  // address (Facebook never does), so the accounts are not joined.
  'auth.provider_email_unverified':
    'An account with this email already exists. Please sign in with your email and password.',
  'auth.provider_email_missing':
    'That provider did not share an email address with us, so we cannot sign you in with it. Sign up with your email and password instead.',
  'auth.provider_unavailable': 'Signing in with that provider is not available right now.',
  'account.confirmation_mismatch': authMessages.confirmationMismatch,
  // The server words it for the link that failed (confirm or unsubscribe).
  'newsletter.link_invalid': serverMessage,
  // The product spec's zero-balance alert (§5, §8).
  'tokens.insufficient': tokensMessages.insufficient,
  'chat.empty_message': chatMessages.emptyMessage,
  'chat.message_too_long': chatMessages.messageTooLong,
  'chat.too_many_replies': chatMessages.tooManyReplies,
  'chat.retry_not_possible': chatMessages.retryNotPossible,
  'billing.unavailable': billingMessages.unavailable,
  'billing.session_not_found': billingMessages.sessionNotFound,
  'billing.no_subscription': billingMessages.noSubscription,
  'billing.webhook_invalid': billingMessages.webhookInvalid,
};

/** The spec's fallback when a failure carries no message (sign-up: "An error occurred."). */
export const fallbackMessage = 'An error occurred.';

export function messageForCode(code: string | null | undefined): string | undefined {
  // A code this build does not know (a newer server) falls back to the server's message.
  return (code && messagesByCode[code as ErrorCode]) || undefined;
}

/** The message for `/login?error=<code>`, where a social sign-in sends the person back. */
export function messageForSignInRedirect(code: string): string {
  if (code === 'request.rate_limited') {
    return 'Too many sign-in attempts. Please wait a few minutes and try again.';
  }
  return messageForCode(code) ?? messageForCode('auth.provider_failed')!;
}

export function messageFor(error: unknown): string {
  if (error instanceof ApiError) return messageForCode(error.code) ?? error.message;
  return fallbackMessage;
}

/** Per-field messages from a failed request, keyed by our field names. */
export function fieldErrorsFor(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = { ...error.fields };
  if (error.code === 'auth.email_in_use') fields.email = authMessages.emailInUse;
  if (error.code === 'auth.password_common') fields.password ??= authMessages.passwordCommon;
  return fields;
}
