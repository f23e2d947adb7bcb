import { authMessages, emailPattern, passwordLength } from '../../../shared/auth-messages';

/** The spec's client-side checks (§5), in its words; the server checks the same rules again. */
export function checkEmail(email: string): string | undefined {
  const trimmed = email.trim();
  return trimmed.length > 254 || !emailPattern.test(trimmed)
    ? authMessages.invalidEmail
    : undefined;
}

export function checkNewPassword(password: string): string | undefined {
  if (password.length === 0) return authMessages.passwordEmpty;
  if (password.length < passwordLength.min) return authMessages.passwordTooShort;
  if (password.length > passwordLength.max) return authMessages.passwordTooLong;
  return undefined;
}

export function checkConfirmation(password: string, confirmation: string): string | undefined {
  return password !== confirmation ? authMessages.passwordsDoNotMatch : undefined;
}
