import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, saveScreenshot, test, viewports } from './fixtures';
import { uniqueEmail } from './mailbox';
import {
  appUrl,
  expectedAuthFailures,
  fillSignIn,
  password,
  signUpAndSignIn,
} from './accounts-support';

// Each test creates an account (argon2 hashing, a mail to catch): more than the default on a busy machine.
test.describe.configure({ timeout: 60_000 });

test.describe('sign-in pages look right and pass axe-core', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`/login at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      const main = page.getByRole('main');
      await expect(main.getByPlaceholder('Enter your Email')).toBeVisible();
      await expect(main.getByPlaceholder('Password')).toBeVisible();
      await expect(main.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
        'href',
        '/forget',
      );
      await expect(main.getByRole('link', { name: 'Sign Up for Free' })).toHaveAttribute(
        'href',
        '/signUp',
      );
      await expect(main.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/');
      await expect(page).toHaveTitle('Sign in | Lexwise');
      await expectAccessible(page);
      await saveScreenshot(page, `login-${name}`);
    });

    test(`/signUp at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/signUp');
      await expect(page.getByRole('main').getByLabel('Confirm Password')).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, `signup-${name}`);
    });

    test(`/forget at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/forget');
      const main = page.getByRole('main');
      await expect(
        main.getByPlaceholder('Enter your email to receive password reset'),
      ).toBeVisible();
      await expect(main.getByRole('link', { name: 'Back to Login' })).toHaveAttribute(
        'href',
        '/login',
      );
      await expectAccessible(page);
      await saveScreenshot(page, `forget-${name}`);
    });
  }

  test('a failed social sign-in explains itself on /login', async ({ page }) => {
    await page.goto('/login?error=auth.provider_failed');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Signing in with that provider did not work. Please try again.',
    );
  });
});

test.describe('account page', () => {
  test.use({ allowConsoleErrors: expectedAuthFailures });

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`looks right and passes axe-core at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const email = uniqueEmail(`account-${name}`);
      await signUpAndSignIn(page, email);
      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
      await expect(page.getByRole('main').locator('header')).toContainText(email);
      await expectAccessible(page);
      await saveScreenshot(page, `account-${name}`);
    });
  }

  test('saves name and jurisdiction, with a state for the United States', async ({ page }) => {
    await signUpAndSignIn(page, uniqueEmail('profile'));
    await page.goto('/account');
    const main = page.getByRole('main');
    await main.getByLabel('First name').fill('Ada');
    await main.getByLabel('Last name').fill('Lovelace');
    await expect(main.getByLabel('State')).toHaveCount(0);
    await main.getByLabel('Country').selectOption({ label: 'United States' });
    await main.getByLabel('State').selectOption({ label: 'California' });
    await main.getByRole('button', { name: 'Save profile' }).click();
    await expect(main.getByRole('status').first()).toHaveText('Your profile has been saved.');
    await expect(main.getByText('Ada Lovelace', { exact: true })).toBeVisible();

    await page.reload();
    await expect(main.getByLabel('Country')).toHaveValue('US');
    await expect(main.getByLabel('State')).toHaveValue('CA');
    await main.getByLabel('Country').selectOption({ label: 'Canada' });
    await expect(main.getByLabel('Province or territory')).toHaveValue('');

    await page.goto('/chatbot');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Ada Lovelace');
  });

  test('changes the password, refusing a wrong current one', async ({ page }) => {
    const email = uniqueEmail('change');
    await signUpAndSignIn(page, email);
    await page.goto('/account');
    const main = page.getByRole('main');
    await main.getByLabel('Current password').fill('not my password');
    await main.getByLabel('New password', { exact: true }).fill('another good passphrase');
    await main.getByLabel('Confirm new password').fill('another good passphrase');
    await main.getByRole('button', { name: 'Change password' }).click();
    await expect(main.getByLabel('Current password')).toHaveAccessibleDescription(
      'Your current password is incorrect.',
    );
    await expect(main.getByLabel('Current password')).toBeFocused();

    await main.getByLabel('Current password').fill(password);
    await main.getByRole('button', { name: 'Change password' }).click();
    await expect(main.getByText('Your password has been changed.')).toBeVisible();
    await expect(main.getByLabel('Current password')).toHaveValue('');

    // This session stays.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  });

  test('downloads my data as JSON', async ({ page }) => {
    const email = uniqueEmail('export');
    await signUpAndSignIn(page, email);
    await page.goto('/account');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.json$/);
    const data = await readFile((await file.path())!, 'utf8');
    expect(data).toContain(email);
  });

  test('signs out of all devices, this one and another browser', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('everywhere');
    await signUpAndSignIn(page, email);
    const other = await browser.newContext({ baseURL: appUrl });
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await fillSignIn(otherPage, email, password);
    await expect(otherPage).toHaveURL(/\/chatbot$/);

    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'You have been signed out of all devices.',
    );
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login\?next=%2Fchatbot$/);
    await other.close();
  });

  test('deletes the account once its email is typed', async ({ page }) => {
    const email = uniqueEmail('delete');
    await signUpAndSignIn(page, email);
    await page.goto('/account');
    const main = page.getByRole('main');
    const confirm = main.getByLabel(`Type ${email} to confirm`);
    await confirm.fill('someone-else@example.com');
    await main.getByRole('button', { name: 'Delete my account' }).click();
    await expect(confirm).toHaveAccessibleDescription(
      'Type your email exactly as shown to confirm.',
    );
    await confirm.fill(email.toUpperCase());
    await main.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(`${appUrl}/`);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();

    await page.goto('/login');
    await fillSignIn(page, email, password);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Incorrect email or password.',
    );
  });
});
