import { expect, expectAccessible, saveScreenshot, test, viewports } from './fixtures';
import { linkIn, mailsTo, uniqueEmail, waitForMail } from './mailbox';
import {
  acknowledgeChatNotice,
  appUrl,
  expectedAuthFailures,
  fillSignIn,
  localPart,
  password,
  registerByApi,
  resetSubject,
  signOutFromChat,
  signUpAndSignIn,
  verifySubject,
} from './accounts-support';

// Each test creates an account (argon2 hashing, a mail to catch): more than the default on a busy machine.
test.describe.configure({ timeout: 60_000 });

test.describe('sign-up, email confirmation and sessions', () => {
  // Following a link already used answers 400, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('register, confirm by the emailed link, stay signed in across a reload, log out', async ({
    page,
  }) => {
    const email = uniqueEmail('journey');
    await page.setViewportSize(viewports.desktop);
    await page.goto('/signUp');
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('main').getByLabel('Confirm Password').fill(password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign up with Lexwise' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Verification email sent! Please check your inbox to verify your email.',
    );
    // The spec: wait 4 seconds, then go to the sign-in page.
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_900);

    const mail = await waitForMail(email, verifySubject);
    await page.goto(linkIn(mail, `${appUrl}/verify-email#token=`));
    await expect(page).toHaveURL(/\/chatbot$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${localPart(email)}`);
    // The token left the address bar once read.
    expect(new URL(page.url()).hash).toBe('');
    await expectAccessible(page);
    await saveScreenshot(page, 'chatbot-signed-in-desktop');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Chatbot' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

    // Nothing of the session is in web storage: the access token lives in memory only.
    const stored = await page.evaluate(() => [localStorage.length, sessionStorage.length]);
    expect(stored).toEqual([0, 0]);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${localPart(email)}`);

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      '/chatbot',
    );

    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${appUrl}/`);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Chatbot' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      '/login',
    );

    // The session is over on the server too: a reload does not bring it back.
    await page.goto('/chatbot');
    await expect(page).toHaveURL(/\/login\?next=%2Fchatbot$/);
  });

  test('a page left while its refresh was on its way: the next page is still signed in', async ({
    page,
    playwright,
  }) => {
    const email = uniqueEmail('lost-refresh');
    await page.setViewportSize(viewports.desktop);
    await signUpAndSignIn(page, email);
    // The server answers a refresh the browser never reads (it navigated away meanwhile): the
    // token rotates, and the browser keeps the one it had.
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('lexwise_refresh'));
    const elsewhere = await playwright.request.newContext();
    const lost = await elsewhere.post(`${appUrl}/api/auth/refresh`, {
      headers: { cookie: `${cookie!.name}=${cookie!.value}`, origin: appUrl },
    });
    expect(lost.status()).toBe(200);
    await elsewhere.dispose();

    await page.goto('/account');
    await expect(page).toHaveURL(`${appUrl}/account`);
    await expect(page.getByRole('region', { name: 'Billing' })).toContainText('Free plan');
  });

  test('a link already used says so and offers a new one', async ({ page }) => {
    const email = uniqueEmail('used-link');
    const link = await registerByApi(page, email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/chatbot$/);
    await signOutFromChat(page);
    await expect(page).toHaveURL(`${appUrl}/`);

    await page.goto(link);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'This link is invalid or has expired. Please request a new one.',
    );
    await expectAccessible(page);
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Verification email sent! Please check your inbox to verify your email.',
    );
  });
});

test.describe('sign-in', () => {
  test.use({ allowConsoleErrors: expectedAuthFailures });

  test('a wrong password and an unknown email give the same message', async ({ page }) => {
    const email = uniqueEmail('wrong');
    await signUpAndSignIn(page, email);
    await signOutFromChat(page);
    await expect(page).toHaveURL(`${appUrl}/`);

    await page.goto('/login');
    await fillSignIn(page, email, 'not the password');
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toHaveText('Incorrect email or password.');
    await expect(alert).toBeFocused();

    await fillSignIn(page, uniqueEmail('nobody'), password);
    await expect(alert).toHaveText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('checks the fields before sending, with the spec’s messages tied to each field', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Lexwise' }).click();
    const email = page.getByRole('main').getByLabel('Email', { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Invalid email address.');
    await expect(email).toBeFocused();
    await email.fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign in with Lexwise' }).click();
    await expect(
      page.getByRole('main').getByLabel('Password', { exact: true }),
    ).toHaveAccessibleDescription('Password cannot be empty.');

    await page.goto('/signUp');
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('main').getByLabel('Confirm Password').fill('shorter');
    await page.getByRole('button', { name: 'Sign up with Lexwise' }).click();
    await expect(
      page.getByRole('main').getByLabel('Password', { exact: true }),
    ).toHaveAccessibleDescription(/Password should be at least 8 characters$/);
    await expect(page.getByRole('main').getByLabel('Confirm Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
  });

  test('an address already registered is refused with the spec’s message', async ({ page }) => {
    const email = uniqueEmail('taken');
    await registerByApi(page, email);
    await page.goto('/signup');
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('main').getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Sign up with Lexwise' }).click();
    await expect(
      page.getByRole('main').getByLabel('Email', { exact: true }),
    ).toHaveAccessibleDescription('Email already in use.');
  });

  test('an unconfirmed email cannot sign in, and can ask for the email again', async ({ page }) => {
    const email = uniqueEmail('unverified');
    await registerByApi(page, email);
    await page.goto('/login');
    await fillSignIn(page, email, password);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Email not verified. Please verify your email before signing in.',
    );
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Verification email sent! Please check your inbox to verify your email.',
    );
    await expect.poll(async () => (await mailsTo(email)).length).toBe(2);

    // The newest link works and signs the person in.
    const mails = await mailsTo(email);
    await page.goto(linkIn(mails[mails.length - 1]!, `${appUrl}/verify-email#token=`));
    await expect(page).toHaveURL(/\/chatbot$/);
  });

  test('shows "Signing in..." on a dulled, disabled button while it works', async ({ page }) => {
    const email = uniqueEmail('busy');
    await signUpAndSignIn(page, email);
    await signOutFromChat(page);
    await expect(page).toHaveURL(`${appUrl}/`);
    await page.goto('/login');
    // Hold the answer back so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await fillSignIn(page, email, password);
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveCSS('opacity', '0.6');
    release();
    await expect(page).toHaveURL(/\/chatbot$/);
  });

  test('a signed-out visitor sent to sign in comes back to the page asked for', async ({
    page,
  }) => {
    const email = uniqueEmail('guard');
    await signUpAndSignIn(page, email);
    await signOutFromChat(page);
    await expect(page).toHaveURL(`${appUrl}/`);

    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
    await fillSignIn(page, email, password);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');

    // Only paths on this site are followed.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL(`${appUrl}/`);
    await page.goto('/login?next=https%3A%2F%2Fevil.example%2F');
    await fillSignIn(page, email, password);
    await expect(page).toHaveURL(/\/chatbot$/);
  });

  test('a rate-limited sign-in shows the server’s message', async ({ page }) => {
    const email = uniqueEmail('limited');
    await registerByApi(page, email);
    // Use up this account's attempts (by account, so other tests from this IP are unaffected).
    let last = 0;
    for (let attempt = 0; attempt < 10 && last !== 429; attempt++) {
      const response = await page.request.post('/api/auth/login', {
        data: { email, password: 'wrong password' },
      });
      last = response.status();
    }
    expect(last).toBe(429);
    await page.goto('/login');
    await fillSignIn(page, email, password);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(/Too many/i);
    await expect(page.getByRole('button', { name: 'Sign in with Lexwise' })).toBeEnabled();
  });
});

test.describe('password reset', () => {
  test.use({ allowConsoleErrors: expectedAuthFailures });

  test('the emailed link sets a new password and ends the other sessions', async ({
    page,
    browser,
  }) => {
    // Two browsers, two sign-ins and two emails: longer than the default.
    test.setTimeout(60_000);
    const email = uniqueEmail('reset');
    await signUpAndSignIn(page, email);
    // A second browser, signed in at the same time.
    const other = await browser.newContext({ baseURL: appUrl });
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await fillSignIn(otherPage, email, password);
    await expect(otherPage).toHaveURL(/\/chatbot$/);

    await signOutFromChat(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forget$/);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByPlaceholder('Enter your email to receive password reset'),
    ).toHaveAccessibleDescription('Please enter a valid email address.');
    await page.getByPlaceholder('Enter your email to receive password reset').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Password reset email sent! Please check your inbox.',
    );

    const mail = await waitForMail(email, resetSubject);
    await page.goto(linkIn(mail, `${appUrl}/reset-password#token=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expectAccessible(page);
    const newPassword = 'a brand new passphrase';
    await page.getByRole('main').getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('main').getByLabel('Confirm new password').fill('something else');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(
      page.getByRole('main').getByLabel('Confirm new password'),
    ).toHaveAccessibleDescription('Passwords do not match');
    await page.getByRole('main').getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your password has been reset. Please sign in with your new password.',
    );

    await fillSignIn(page, email, password);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Incorrect email or password.',
    );
    await fillSignIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/chatbot$/);

    // The other browser's session ended: its next refresh (here, a reload) signs it out.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login\?next=%2Fchatbot$/);
    await other.close();
  });
});

test.describe('navbar when signed in', () => {
  test('on a phone, Logout replaces Login in the collapsed menu', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await signUpAndSignIn(page, uniqueEmail('phone'));
    await acknowledgeChatNotice(page);
    // The footer follows the session like the navbar.
    const footerAccount = page.getByRole('contentinfo').getByRole('navigation', {
      name: 'Account',
    });
    await expect(footerAccount.getByRole('link', { name: 'Your account' })).toBeVisible();
    await expect(footerAccount.getByRole('link', { name: 'Chatbot' })).toHaveAttribute(
      'href',
      '/chatbot',
    );
    await expect(footerAccount.getByRole('link', { name: /Sign in|Register/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Chatbot' })).toBeVisible();
    await saveScreenshot(page, 'navbar-signed-in-phone');
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${appUrl}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(footerAccount.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(footerAccount.getByRole('link', { name: 'Register' })).toBeVisible();
  });
});
