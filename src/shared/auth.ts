/** The accounts API contract, shared by the server's routes and the web app's calls. */
import { z } from 'zod';
import { authMessages, emailLimits, isEmailAddress, passwordLength } from './auth-messages.js';
import { linkTokenSchema, nameText, singleLineText } from './text.js';

export {
  authMessages,
  emailLimits,
  emailPattern,
  isEmailAddress,
  passwordLength,
} from './auth-messages.js';

/** One mailbox (see isEmailAddress): the length is checked before the pattern runs. */
export const emailSchema = z
  .string()
  .trim()
  .max(emailLimits.total, { error: authMessages.invalidEmail, abort: true })
  .refine(isEmailAddress, authMessages.invalidEmail)
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(passwordLength.min, authMessages.passwordTooShort)
  .max(passwordLength.max, authMessages.passwordTooLong);

export const registerRequestSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, authMessages.passwordEmpty).max(1024),
});
export const emailOnlyRequestSchema = z.object({ email: emailSchema });
/** A token from an emailed link (verify email, reset password). */
export const emailTokenSchema = linkTokenSchema();
export const verifyEmailRequestSchema = z.object({ token: emailTokenSchema });
export const resetPasswordRequestSchema = z.object({
  token: emailTokenSchema,
  password: newPasswordSchema,
});

export const jurisdictionSchema = z.object({
  /** ISO 3166-1 alpha-2, e.g. "US". */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  /** ISO 3166-2 subdivision code without the country, e.g. "CA" for California. */
  region: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .nullable(),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  /** Display name: given and family name, else the part of the email before @. */
  name: z.string(),
  picture: z.string().nullable(),
  jurisdiction: jurisdictionSchema,
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Answer to login, refresh, email verification and social sign-in. */
export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Answer to requests whose result is a message for the person (register, forgot, resend). */
export const messageResponseSchema = z.object({ message: z.string() });

export const updateProfileRequestSchema = z
  .object({
    givenName: nameText({ max: 80 }).nullable(),
    familyName: nameText({ max: 80 }).nullable(),
    picture: z
      .string()
      .max(1000, { abort: true })
      // z.url() answers the string as sent, and new URL() would have dropped a tab or line break.
      .refine((value) => !/[\p{Cc}\s]/u.test(value), 'Invalid URL')
      .pipe(z.url({ protocol: /^https$/ }))
      .nullable(),
    jurisdiction: jurisdictionSchema,
  })
  .partial();

export const changePasswordRequestSchema = z.object({
  /** Required when the account has a password; social-only accounts set their first one. */
  currentPassword: z.string().max(1024).optional(),
  newPassword: newPasswordSchema,
});

/** Deleting an account is confirmed by typing its email. */
export const deleteAccountRequestSchema = z.object({
  confirmEmail: singleLineText({ max: emailLimits.total }),
});

export const oauthProviders = ['google', 'facebook'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];
export const providersResponseSchema = z.object({ google: z.boolean(), facebook: z.boolean() });

/** The auth module's error codes (accounts' `account.*` among them); part of ErrorCode. */
export const authErrorCodes = [
  'auth.invalid_credentials',
  'auth.email_not_verified',
  'auth.email_in_use',
  'auth.password_common',
  'auth.password_incorrect',
  'auth.link_invalid',
  'auth.unauthenticated',
  'auth.session_expired',
  'auth.provider_unavailable',
  'auth.provider_failed',
  'auth.provider_email_unverified',
  'auth.provider_email_missing',
  'account.confirmation_mismatch',
  'auth.account_disabled',
] as const;
