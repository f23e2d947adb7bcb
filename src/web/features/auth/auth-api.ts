import type { z } from 'zod';
import type { updateProfileRequestSchema } from '../../../shared/auth';
import { callApi } from '../../api-client';
import type { ApiAnswer } from '../../api-routes';
import { authSession } from './auth-session';

/** The accounts API; request and answer types come from src/shared/auth.ts through ApiRoutes. */
export type Providers = ApiAnswer<'GET /api/auth/providers'>;

export const registerAccount = (email: string, password: string) =>
  callApi('POST /api/auth/register', { body: { email, password } });

export const resendVerification = (email: string) =>
  callApi('POST /api/auth/resend-verification', { body: { email } });

export const forgotPassword = (email: string) =>
  callApi('POST /api/auth/forgot-password', { body: { email } });

export const resetPassword = (token: string, password: string) =>
  callApi('POST /api/auth/reset-password', { body: { token, password } });

export async function logIn(email: string, password: string) {
  const session = await callApi('POST /api/auth/login', { body: { email, password } });
  authSession.signIn(session);
  return session;
}

export async function verifyEmail(token: string) {
  const session = await callApi('POST /api/auth/verify-email', { body: { token } });
  authSession.signIn(session);
  return session;
}

export const fetchProviders = () => callApi('GET /api/auth/providers', {});

/** Where a social button leads; the server comes back to `next` signed in. */
export function providerSignInUrl(provider: 'google' | 'facebook', next: string): string {
  return `/api/auth/oauth/${provider}?next=${encodeURIComponent(next)}`;
}

// The signed-in person's own account.

export type ProfileChanges = z.input<typeof updateProfileRequestSchema>;

export async function updateProfile(changes: ProfileChanges) {
  const user = await authSession.request('PATCH /api/me', { body: changes });
  authSession.updateUser(user);
  return user;
}

export async function reloadUser() {
  const user = await authSession.request('GET /api/me', {});
  authSession.updateUser(user);
  return user;
}

export async function changePassword(newPassword: string, currentPassword?: string) {
  await authSession.request('POST /api/me/password', {
    body: currentPassword === undefined ? { newPassword } : { currentPassword, newPassword },
  });
  // A first password turns a social-only account into one that has a password.
  await reloadUser();
}

export async function signOutEverywhere() {
  await authSession.request('POST /api/me/sessions/revoke', { body: {} });
  authSession.clear();
}

export async function deleteAccount(confirmEmail: string) {
  await authSession.request('DELETE /api/me', { body: { confirmEmail } });
  authSession.clear();
}

/** Downloads the person's data as the JSON file the server names. */
export async function downloadMyData() {
  const response = await authSession.fetch('/api/me/export');
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'my-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
