import { contactMessages } from '../../src/shared/contact';
import { expect, expectAccessible, holdScripts, saveScreenshot, test, viewports } from './fixtures';
import { mailsTo, uniqueEmail, waitForMail } from './mailbox';

/** The firm's inbox, set for the e2e server in playwright.config.ts. */
const inbox = 'desk@lexwise.test';

test.describe('contact page', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`shows the banner, contact block and form, and passes axe-core at ${viewport.width} px`, async ({
      page,
    }) => {
      test.slow(); // axe-core and a full-page screenshot, twice over
      await page.setViewportSize(viewport);
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(breadcrumb.getByText('Contacts')).toHaveAttribute('aria-current', 'page');
      // Nothing is configured in this build: the block points to the form, and there is no map.
      await expect(page.getByText('The quickest way to reach us is the form')).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      const form = page.getByRole('form', { name: 'Send us a message' });
      for (const label of ['Name', 'Email', 'Phone (optional)', 'Subject', 'Message']) {
        await expect(form.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();
      // The honeypot is out of sight and out of the accessibility tree.
      await expect(form.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
      await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
      await expectAccessible(page);
      await saveScreenshot(page, `contact-${name}`);
    });
  }

  test('is prerendered: the banner and the form are in the HTML before any script runs', async ({
    request,
  }) => {
    const html = await (await request.get('/contact')).text();
    expect(html).toContain('<title>Contact Us | Lexwise');
    expect(html).toContain('Contact Us</h1>');
    expect(html).toContain('Send Message');
  });

  test('keeps what a visitor typed before the page’s script ran, and sends it', async ({
    page,
  }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Send us a message' });
    const send = form.getByRole('button', { name: 'Send Message' });
    await expect(send).toBeDisabled();
    const email = uniqueEmail('early');
    const subject = `Typed early ${Date.now()}`;
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('I typed this before the page finished loading.');

    releaseScripts();
    await expect(send).toBeEnabled();
    await expect(form.getByLabel('Name')).toHaveValue('Grace Hopper');
    await expect(form.getByLabel('Message')).toHaveValue(
      'I typed this before the page finished loading.',
    );
    const response = page.waitForResponse('**/api/contact');
    await send.click();
    expect((await response).status()).toBe(201);
    const forwarded = await waitForMail(inbox, `Contact form: ${subject}`);
    expect(forwarded.text).toContain(`From: Grace Hopper <${email}>`);
  });

  test('shows a message per field, focuses the first, and sends nothing', async ({ page }) => {
    test.slow(); // runs axe-core
    await page.setViewportSize(viewports.phone);
    await page.goto('/contact');
    let requests = 0;
    page.on('request', (r) => void (r.url().includes('/api/contact') && requests++));
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Email', { exact: true }).fill('ada@nowhere');
    await form.getByLabel('Phone (optional)').fill('call me');
    await form.getByLabel('Message').fill('Too short');
    await form.getByRole('button', { name: 'Send Message' }).click();

    const name = form.getByLabel('Name');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(contactMessages.nameRequired);
    await expect(form.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'Invalid email address.',
    );
    await expect(form.getByLabel('Phone (optional)')).toHaveAccessibleDescription(
      contactMessages.phoneInvalid,
    );
    await expect(form.getByText(contactMessages.subjectRequired)).toBeVisible();
    await expect(form.getByText(contactMessages.messageTooShort)).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'contact-errors-phone');

    // Fixing a field clears its message as you type.
    await name.fill('Ada');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(requests).toBe(0);
  });

  test('sends a message: the visitor is thanked and acknowledged, the firm gets it', async ({
    page,
  }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto('/contact');
    const email = uniqueEmail('visitor');
    const subject = `Deposit question ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Ada <b>Lovelace</b>');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone (optional)').fill('+1 555 010 2030');
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('My landlord kept my deposit. Can I get it back?');
    const response = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await response).status()).toBe(201);

    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(
      contactMessages.sent,
    );
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await saveScreenshot(page, 'contact-sent-desktop');

    const ack = await waitForMail(email, 'We received your message | Lexwise');
    expect(ack.text).toContain('We have received your message');
    const forwarded = await waitForMail(inbox, `Contact form: ${subject}`);
    expect(forwarded.replyTo).toBe(email);
    expect(forwarded.text).toContain(`From: Ada <b>Lovelace</b> <${email}>`);
    expect(forwarded.text).toContain('Phone: +1 555 010 2030');
    expect(forwarded.text).toContain('My landlord kept my deposit.');
    // The stored message's id, as the firm sees it.
    expect(forwarded.text).toMatch(/Message [0-9a-f-]{36}, received/);
    expect(forwarded.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
  });

  test('a bot that fills the honeypot is told it succeeded, but nothing is sent', async ({
    page,
  }) => {
    await page.goto('/contact');
    const email = uniqueEmail('bot');
    const subject = `Cheap offers ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Bot');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Buy our wonderful products today.');
    await form.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();

    // A real send is caught within a second; give this one longer before calling it absent.
    await page.waitForTimeout(1500);
    expect(await mailsTo(email)).toEqual([]);
    expect((await mailsTo(inbox)).filter((m) => m.subject.includes(subject))).toEqual([]);
  });

  test.describe('when sending fails', () => {
    test.use({ allowConsoleErrors: [/status of 503/] });
    test('keeps everything typed, says so, and sends on the next try', async ({ page }) => {
      test.slow();
      await page.goto('/contact');
      await page.route('**/api/contact', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'service.unavailable',
              message: 'The service is briefly unavailable.',
            },
          }),
        }),
      );
      const email = uniqueEmail('retry');
      const values = {
        Name: 'Grace Hopper',
        Subject: 'Contract review',
        Message: 'Could a lawyer look at my employment contract?',
      };
      const form = page.getByRole('form', { name: 'Send us a message' });
      for (const [label, value] of Object.entries(values)) {
        await form.getByLabel(label).fill(value);
      }
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByRole('button', { name: 'Send Message' }).click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Your message was not sent.');
      await expect(alert).toContainText('The service is briefly unavailable.');
      await expect(alert).toContainText('Everything you typed is still here');
      for (const [label, value] of Object.entries(values)) {
        await expect(form.getByLabel(label)).toHaveValue(value);
      }
      await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
      await saveScreenshot(page, 'contact-failed-desktop');

      await page.unroute('**/api/contact');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
      await expect(alert).toHaveCount(0);
      await waitForMail(email, 'We received your message | Lexwise');
    });
  });
});
