// The assistant with no model configured (library mode, what a fresh install runs): answers
// first from the guides, cited; declines what is not a legal question at no charge; asks for the
// state where the rule depends on it; reads a follow-up with the question before it.
import type { Page } from '@playwright/test';
import { acknowledgeChatNotice, password, verifySubject } from './accounts-support';
import { expect, expectAccessible, saveScreenshot, test, viewports } from './fixtures';
import { linkIn, uniqueEmail, waitForMail } from './mailbox';
import { e2ePorts } from './ports';

test.describe.configure({ timeout: 90_000 });

const libraryApp = `http://127.0.0.1:${e2ePorts().libraryApp}`;

/** A new person on the library-mode instance's chat, past the first-use notice. */
async function openChat(page: Page, name: string) {
  const email = uniqueEmail(name);
  const registered = await page.request.post(`${libraryApp}/api/auth/register`, {
    data: { email, password },
  });
  expect(registered.status()).toBe(201);
  await page.goto(
    linkIn(await waitForMail(email, verifySubject), `${libraryApp}/verify-email#token=`),
  );
  await expect(page).toHaveURL(`${libraryApp}/chatbot`);
  await acknowledgeChatNotice(page);
}

async function ask(page: Page, text: string) {
  const input = page.getByPlaceholder('Write your message...');
  await input.fill(text);
  await input.press('Enter');
}

const answerAt = (page: Page, n: number) => page.locator('.chat-message-assistant').nth(n);
const firstParagraphOf = (page: Page, n: number) => answerAt(page, n).locator('p').first();

for (const [name, viewport] of Object.entries(viewports)) {
  test(`answers first and cited, for the place named, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openChat(page, `answers-${name}`);
    await ask(page, 'I rent in Houston, how long does my landlord have to give my deposit back?');
    const first = firstParagraphOf(page, 0);
    await expect(first).toContainText('Texas');
    await expect(first).toContainText('30th day');
    await expect(answerAt(page, 0)).toContainText('no AI model is configured');
    await expect(answerAt(page, 0).getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, `answers-covered-${name}`);

    // The citation leads to the guide's section it quotes.
    const citation = first.getByRole('link', { name: /1/ }).first();
    await citation.click();
    const source = answerAt(page, 0).locator('.chat-sources a').first();
    await expect(source).toHaveAttribute('href', /^\/guides\/security-deposits#/);
    await source.click();
    await expect(page).toHaveURL(/\/guides\/security-deposits#/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('security deposit');
  });
}

test('a question that is not legal is declined, and the balance does not move', async ({
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  await openChat(page, 'answers-decline');
  await expect(page.getByText('25,000 Tokens')).toBeAttached();
  await ask(page, 'How do I bake sourdough bread?');
  await expect(answerAt(page, 0)).toContainText('I can only help with legal questions');
  await expect(answerAt(page, 0).getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(page.getByText('25,000 Tokens')).toBeAttached();
  await expect(answerAt(page, 0).locator('.chat-sources')).toHaveCount(0);
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`asks for the state where the rule depends on it, and the picker asks again, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openChat(page, `answers-state-${name}`);
    await ask(page, 'How long does my landlord have to return my security deposit?');
    await expect(answerAt(page, 0)).toContainText('Which state are you in?');
    const picker = page.getByLabel('Your state');
    await expect(picker).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, `answers-state-picker-${name}`);
    await picker.selectOption('New York');
    await page.getByRole('button', { name: 'Answer for this state' }).click();
    await expect(page.locator('.chat-message-user').nth(1)).toContainText('What about New York?');
    await expect(firstParagraphOf(page, 1)).toContainText('14 days');
    await expect(page.getByLabel('Your state')).toHaveCount(0);
  });
}

test('a follow-up is read with the question before it', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await openChat(page, 'answers-follow-up');
  await ask(page, 'How long does a landlord in California have to return a deposit?');
  await expect(firstParagraphOf(page, 0)).toContainText('21 days');
  await ask(page, 'What about Texas?');
  await expect(firstParagraphOf(page, 1)).toContainText('Texas');
  await expect(firstParagraphOf(page, 1)).toContainText('30th day');
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`says plainly when the guides give no figure for the state named, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openChat(page, `answers-no-figure-${name}`);
    await ask(page, 'what is the statute of limitations for a car accident in georgia');
    const first = firstParagraphOf(page, 0);
    await expect(first).toContainText(/^Our guides do not give this figure for Georgia\./);
    // Georgia's courts have no statewide self-help page: the link is called what it is.
    await expect(first).toContainText("Georgia's courts have no statewide self-help page");
    await expect(first.getByRole('link', { name: 'their website' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(first).toContainText('Every state limits how long you have to file a lawsuit.');
    await expectAccessible(page);
    await saveScreenshot(page, `answers-no-figure-${name}`);
  });
}
