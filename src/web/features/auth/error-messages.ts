import { authMessages } from '../../../shared/auth-messages';
import { ApiError } from '../../api-client';

/**
 * The one table from the API's error codes to what the person reads, in the spec's wording
 * (product-spec §5 and §8). Codes not listed show the server's own message, which is written
 * for people (rate limits say how long to wait).
 */
const messagesByCode: Record<string, string> = {
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
};

/** The spec's fallback when a failure carries no message (sign-up: "An error occurred."). */
export const fallbackMessage = 'An error occurred.';

export function messageForCode(code: string | null | undefined): string | undefined {
  return code ? messagesByCode[code] : undefined;
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
