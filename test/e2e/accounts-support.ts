import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { e2ePorts } from './ports';

export const appUrl = `http://127.0.0.1:${e2ePorts().app}`;
export const verifySubject = 'Confirm your email for Lexwise';
export const resetSubject = 'Reset your Lexwise password';
export const password = 'correct horse battery staple';

/**
 * Browsers log a failed fetch as a console error: a wrong current password's 400, a wrong
 * password's 401, an unconfirmed email's 403, a taken address's 409, a rate limit's 429.
 */
export const expectedAuthFailures = [/the server responded with a status of (400|401|403|409|429)/];

/** Registers through the API (not the page under test) and returns the emailed confirmation link. */
export async function registerByApi(page: Page, email: string, pass = password): Promise<string> {
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: pass },
  });
  expect(response.status(), await response.text()).toBe(201);
  return linkIn(await waitForMail(email, verifySubject), `${appUrl}/verify-email#token=`);
}

/** A confirmed account, signed in in `page` by following its emailed link. */
export async function signUpAndSignIn(page: Page, email: string, pass = password) {
  const link = await registerByApi(page, email, pass);
  await page.goto(link);
  await expect(page).toHaveURL(/\/chatbot$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${localPart(email)}`);
}

export function localPart(email: string): string {
  return email.split('@')[0]!;
}

export async function fillSignIn(page: Page, email: string, pass: string) {
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Sign in with Lexwise' }).click();
}

/**
 * Signs a new person out from the chat screen: the first-use notice, a modal dialog, is
 * acknowledged first, as it must be before anything behind it can be used.
 */
export async function signOutFromChat(page: Page) {
  await acknowledgeChatNotice(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
}

/** A new person's first visit to the chat shows the first-use notice; this acknowledges it. */
export async function acknowledgeChatNotice(page: Page) {
  const notice = page.getByRole('dialog', { name: 'Before you ask' });
  await notice.getByRole('button', { name: 'I understand' }).click();
  await expect(notice).toBeHidden();
}
