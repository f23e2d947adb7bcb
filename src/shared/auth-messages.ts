/**
 * The accounts messages and limits, without zod: the web app's always-loaded shell (navbar, session)
 * imports these, and zod would add about 13 KB to every page's first load.
 * Messages follow the product spec's wording (minimum length raised to 8, see ARCHITECTURE §6).
 */
export const passwordLength = { min: 8, max: 128 } as const;
export const authMessages = {
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

/** The spec's email pattern: non-space, @, non-space, a dot, non-space. */
export const emailPattern = /^\S+@\S+\.\S+$/;
