import type { Page } from '@playwright/test';
import { registerByApi, signOutFromChat } from './accounts-support';
import { expect, saveScreenshot, test, viewports } from './fixtures';
import { uniqueEmail } from './mailbox';
import { e2ePorts } from './ports';

const oidcOrigin = `http://127.0.0.1:${e2ePorts().oidc}`;
const facebookOrigin = `http://127.0.0.1:${e2ePorts().facebook}`;

/** On the local OpenID provider's page (standing in for Google's): type who you are, sign in. */
async function signInAtProvider(page: Page, email: string, givenName: string, familyName: string) {
  await expect(page).toHaveURL(new RegExp(`^${oidcOrigin}/interaction/`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill(givenName);
  await page.getByLabel('Last name').fill(familyName);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('sign-in with Google (through a local OpenID provider)', () => {
  test('the first sign-in creates the account; signing out and in again finds it', async ({
    page,
  }) => {
    // Two round trips through the provider and a reload: more than the default 30 s on a busy machine.
    test.slow();
    const email = uniqueEmail('google');
    await page.setViewportSize(viewports.desktop);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue With Google' }).click();
    await signInAtProvider(page, email, 'Grace', 'Hopper');

    await expect(page).toHaveURL(/\/chatbot$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Grace Hopper');
    await expect(page.getByRole('complementary', { name: 'Chats and account' })).toContainText(
      'Grace Hopper',
    );
    await saveScreenshot(page, 'social-sign-in-google-chatbot');

    // Still signed in after a reload: the callback set the refresh cookie.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Grace Hopper');

    await signOutFromChat(page);
    await expect(page).toHaveURL(/\/$/);

    // The same Google account again, now under another name at the provider: the account found
    // is the one made the first time (its name unchanged), not a new one.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue With Google' }).click();
    await signInAtProvider(page, email, 'Amazing', 'Grace');
    await expect(page).toHaveURL(/\/chatbot$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Grace Hopper');
  });

  test('returns to the page that asked for sign-in, on a phone', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
    await page.getByRole('link', { name: 'Continue With Google' }).click();
    await signInAtProvider(page, uniqueEmail('phone'), 'Katherine', 'Johnson');
    await expect(page).toHaveURL(/\/account$/);
  });
});

test.describe('sign-in with Facebook (through a local stand-in)', () => {
  async function continueWithFacebook(page: Page, email: string) {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue With Facebook' }).click();
    await expect(page).toHaveURL(new RegExp(`^${facebookOrigin}/dialog/oauth`));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Dorothy');
    await page.getByLabel('Last name').fill('Vaughan');
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  test('a new person gets an account and is signed in', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await continueWithFacebook(page, uniqueEmail('facebook'));
    await expect(page).toHaveURL(/\/chatbot$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Dorothy Vaughan');
  });

  test('an address that already has an account is not joined', async ({ page }) => {
    const email = uniqueEmail('facebook-taken');
    await registerByApi(page, email);
    await continueWithFacebook(page, email);
    await expect(page).toHaveURL(/\/login\?error=auth\.provider_email_unverified$/);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Hello/ })).toHaveCount(0);
  });

  test('cancelling at the provider comes back to the login page with a message', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue With Facebook' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\?error=auth\.provider_failed$/);
    await expect(page.getByRole('alert')).toContainText('did not work');
  });
});
