import { newsletterMessages } from '../../src/shared/newsletter';
import { expect, expectAccessible, saveScreenshot, test, viewports } from './fixtures';
import { linkIn, uniqueEmail, waitForMail } from './mailbox';
import { e2ePorts } from './ports';

const base = `http://127.0.0.1:${e2ePorts().app}`;

test.describe('newsletter', () => {
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('double opt-in from the footer, then unsubscribe from the mail', async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewports.phone);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const email = uniqueEmail('reader');
    await footer.getByLabel('Email address for the newsletter').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toHaveText(newsletterMessages.checkInbox);
    await expect(footer.getByLabel('Email address for the newsletter')).toHaveValue('');
    await saveScreenshot(page, 'newsletter-footer-phone');

    const mail = await waitForMail(email, 'Confirm your subscription | Lexwise');
    const confirmLink = linkIn(mail, `${base}/newsletter/confirm#token=`);
    const unsubscribeLink = linkIn(mail, `${base}/newsletter/unsubscribe#token=`);

    await page.goto(confirmLink);
    await expect(page.getByRole('status').filter({ hasText: 'confirmed' })).toHaveText(
      newsletterMessages.confirmed,
    );
    // The token leaves the address bar once read.
    await expect(page).toHaveURL(`${base}/newsletter/confirm`);
    await expectAccessible(page);
    await saveScreenshot(page, 'newsletter-confirmed-phone');

    // A confirmation link works once (opened afresh, as from the mail).
    await page.goto('about:blank');
    await page.goto(confirmLink);
    await expect(page.getByText(newsletterMessages.linkInvalid)).toBeVisible();

    await page.setViewportSize(viewports.desktop);
    await page.goto('about:blank');
    await page.goto(unsubscribeLink);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Unsubscribe from the newsletter',
    );
    await expect(page.getByRole('status').filter({ hasText: 'unsubscribed' })).toHaveText(
      newsletterMessages.unsubscribed,
    );
    await expectAccessible(page);
    await saveScreenshot(page, 'newsletter-unsubscribed-desktop');
  });

  test('answers a subscribed address just like a new one', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const email = uniqueEmail('twice');
    await footer.getByLabel('Email address for the newsletter').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toHaveText(newsletterMessages.checkInbox);
    await page.goto(
      linkIn(await waitForMail(email, /Confirm your subscription/), `${base}/newsletter/confirm`),
    );
    await expect(page.getByText(newsletterMessages.confirmed)).toBeVisible();

    const footerAgain = page.getByRole('contentinfo');
    await footerAgain.getByLabel('Email address for the newsletter').fill(email);
    await footerAgain.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footerAgain.getByRole('status')).toHaveText(newsletterMessages.checkInbox);
    const note = await waitForMail(email, /You are already subscribed/);
    expect(linkIn(note, `${base}/newsletter/unsubscribe#token=`)).toBeTruthy();
  });

  test('shows an invalid address, and a link without its token', async ({ page }) => {
    test.slow(); // runs axe-core
    await page.setViewportSize(viewports.desktop);
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    const input = footer.getByLabel('Email address for the newsletter');
    await input.fill('reader@nowhere');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Invalid email address.');
    await expectAccessible(page);
    await saveScreenshot(page, 'newsletter-error-desktop');

    await page.goto('/newsletter/unsubscribe');
    await expect(page.getByText(newsletterMessages.noToken)).toBeVisible();
  });
});
