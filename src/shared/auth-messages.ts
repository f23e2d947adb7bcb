/**
 * The accounts messages and limits, without zod: the web app's always-loaded shell (navbar, session)
 * imports these, and zod would add about 13 KB to every page's first load.
 * Messages follow the product spec's wording (minimum length raised to 8, see ARCHITECTURE §6).
 */
export const passwordLength = { min: 8, max: 128 } as const;
export const authMessages = {
  accountDisabled:
    'This account has been disabled. Please contact us if you think this is a mistake.',
  invalidEmail: 'Invalid email address.',
  passwordEmpty: 'Password cannot be empty.',
  passwordTooShort: `Password should be at least ${passwordLength.min} characters`,
  passwordTooLong: `Password should be at most ${passwordLength.max} characters`,
  passwordCommon: 'This password is too common. Please choose a less guessable one.',
  passwordsDoNotMatch: 'Passwords do not match',
  incorrectCredentials: 'Incorrect email or password.',
  emailNotVerified: 'Email not verified. Please verify your email before signing in.',
  emailInUse: 'Email already in use.',
  resetEmptyEmail: 'Please enter a valid email address.',
  resetSent: 'Password reset email sent! Please check your inbox.',
  resetFailed: 'Failed to send reset email. Please try again.',
  verificationSent: 'Verification email sent! Please check your inbox to verify your email.',
  linkInvalid: 'This link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  passwordIncorrect: 'Your current password is incorrect.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  unauthenticated: 'Please sign in to continue.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  confirmationMismatch: 'The email you typed does not match your account.',
} as const;

/** RFC 5321's limits: a whole address, its local part (before @) and its domain. */
export const emailLimits = { total: 254, local: 64, domain: 255 } as const;

/**
 * One mailbox, as the spec's "something@something.something" but without what would make it
 * several recipients or a display name: no whitespace, control characters, commas, semicolons,
 * colons, double quotes, parentheses, brackets, backslashes or a second @. It runs in linear time: each part is one character
 * class, and a domain label cannot contain the dot that ends it, so nothing is tried twice
 * (docs/decisions/0069-bounded-text-and-one-mailbox.md). Check the length first: isEmailAddress.
 */
export const emailPattern =
  /^[^\s\p{Cc}"(),:;<>@[\\\]]{1,64}@(?:[\p{L}\p{N}_-]{1,63}\.)+[\p{L}\p{N}-]{1,63}$/u;

/** Whether a (trimmed) value is one email address; its length is checked before the pattern runs. */
export function isEmailAddress(value: string): boolean {
  if (value.length > emailLimits.total) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > emailLimits.local || value.length - at - 1 > emailLimits.domain) return false;
  return emailPattern.test(value);
}
