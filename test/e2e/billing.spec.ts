import type { Page } from '@playwright/test';
import Stripe from 'stripe';
import { syncStripeCatalogue } from '../../src/server/modules/billing/stripe-catalogue';
import { fakeSecretKey } from '../fakes/stripe-server';
import {
  acknowledgeChatNotice,
  password,
  signUpAndSignIn,
  verifySubject,
} from './accounts-support';
import {
  expect as baseExpect,
  expectAccessible,
  saveScreenshot,
  test,
  viewports,
} from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { e2ePorts } from './ports';

// Buying a plan: in the demo checkout (the main instance, no Stripe keys), and through the
// Stripe stand-in (a second instance with Stripe keys, its webhooks signed and delivered).

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const ports = e2ePorts();
const stripeApp = `http://127.0.0.1:${ports.stripeApp}`;
const stripeFake = `http://127.0.0.1:${ports.stripe}`;

function uniqueEmail(name: string) {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The chat's profile block: the plan's title and the balance. */
async function expectPlanInSidebar(page: Page, plan: string, tokens: string) {
  const profile = page.locator('.chat-profile');
  await expect(profile.getByText(plan, { exact: true })).toBeVisible();
  await expect(profile.getByText(tokens, { exact: true })).toBeVisible();
}

/** Chooses a plan on /pricing, watching that one button say "Processing..." meanwhile. */
async function choosePlan(page: Page, name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/billing/checkout', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: `Choose Plan: ${name}` }).click();
  const busy = page.getByRole('button', { name: 'Processing...' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  release();
}

test('a new person buys Standard in the demo checkout, sees it at once, and cancels it', async ({
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  await signUpAndSignIn(page, uniqueEmail('demo-buyer'));
  await acknowledgeChatNotice(page);
  await expectPlanInSidebar(page, 'Free', '25,000 Tokens');

  await page.goto('/pricing');
  await expect(page.locator('.plan-trial').first()).toHaveText('5-day free trial');
  await choosePlan(page, 'Standard');

  await expect(page).toHaveURL(/\/billing\/demo\/checkout\/demo_cs_[0-9a-f]{32}$/);
  await expect(page).toHaveTitle('Demo checkout — no card is charged');
  await expect(page.getByText('5 days, then $29 a month')).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'demo-checkout-desktop');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the chat: confirmed, the plan and its allowance in the sidebar, a new conversation.
  await expect(page.getByText('Welcome to Standard. Your allowance is ready.')).toBeVisible();
  await expect(page).toHaveURL(/\/chatbot$/);
  await expectPlanInSidebar(page, 'Standard', '500,000 Tokens');
  await saveScreenshot(page, 'chatbot-after-checkout-desktop');

  await page.goto('/account');
  const billing = page.getByRole('region', { name: 'Billing' });
  await expect(billing).toContainText('Standard');
  await expect(billing).toContainText('Free trial until');
  await expect(billing).toContainText('Demo checkout: no card is charged.');
  await expectAccessible(page);
  await billing.getByRole('button', { name: 'Manage billing' }).click();

  await expect(page).toHaveURL(/\/billing\/demo\/portal\/demo_cus_[0-9a-f]{32}$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/^Cancels on /)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Lexwise' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Billing' })).toContainText('Cancels on');

  // The trial was had: the cards say so now.
  await page.goto('/pricing');
  await expect(
    page.getByText('Your free trial has been used; billing starts at once.').first(),
  ).toBeVisible();
  await expect(page.locator('.plan-trial')).not.toContainText(['5-day free trial']);
});

test('cancelling at the demo checkout returns to pricing with nothing changed', async ({
  page,
}) => {
  await page.setViewportSize(viewports.phone);
  await signUpAndSignIn(page, uniqueEmail('demo-cancel'));
  await acknowledgeChatNotice(page);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Plan: Premium' }).click();
  await expect(page).toHaveTitle('Demo checkout — no card is charged');
  await saveScreenshot(page, 'demo-checkout-phone');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/pricing\?checkout=cancelled$/);
  await expect(page.getByText('Checkout cancelled. Nothing was charged.')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Billing' })).toContainText('Free plan');
});

test.describe('through Stripe', () => {
  // What `npm run stripe:sync` does once before going live: the plans' prices, by lookup key.
  test.beforeAll(async () => {
    await syncStripeCatalogue(
      new Stripe(fakeSecretKey, { host: '127.0.0.1', port: ports.stripe, protocol: 'http' }),
      () => undefined,
    );
  });

  test('pay at the hosted checkout, the webhook grants Standard; cancelled in the portal, Free at the period end', async ({
    page,
  }) => {
    await page.setViewportSize(viewports.desktop);
    const email = uniqueEmail('stripe-buyer');
    const registered = await page.request.post(`${stripeApp}/api/auth/register`, {
      data: { email, password },
    });
    expect(registered.status()).toBe(201);
    await page.goto(
      linkIn(await waitForMail(email, verifySubject), `${stripeApp}/verify-email#token=`),
    );
    await expect(page).toHaveURL(`${stripeApp}/chatbot`);
    await acknowledgeChatNotice(page);

    await page.goto(`${stripeApp}/pricing`);
    await choosePlan(page, 'Standard');
    await expect(page).toHaveURL(new RegExp(`^${stripeFake}/c/pay/cs_`));
    await expect(page).toHaveTitle('Fake Stripe checkout');
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(`${stripeApp}/chatbot`);
    await expectPlanInSidebar(page, 'Standard', '500,000 Tokens');

    await page.goto(`${stripeApp}/account`);
    await page
      .getByRole('region', { name: 'Billing' })
      .getByRole('button', { name: 'Manage billing' })
      .click();
    await expect(page).toHaveURL(new RegExp(`^${stripeFake}/p/session/bps_`));
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByRole('link', { name: 'Return' }).click();
    await expect(page).toHaveURL(`${stripeApp}/account`);
    await expect(page.getByRole('region', { name: 'Billing' })).toContainText('Cancels on');

    // The period ends at Stripe: the subscription is deleted, and its webhook puts Free back.
    const events = (await (await page.request.get(`${stripeFake}/__events`)).json()) as {
      type: string;
      payload: { data: { object: { id: string; customer: string } } };
    }[];
    const created = events
      .filter((event) => event.type === 'customer.subscription.created')
      .at(-1)!;
    const advanced = await page.request.post(`${stripeFake}/__advance`, {
      data: { subscriptionId: created.payload.data.object.id },
    });
    expect(advanced.ok()).toBe(true);
    await page.goto(`${stripeApp}/chatbot`);
    await expectPlanInSidebar(page, 'Free', '25,000 Tokens');
  });
});
