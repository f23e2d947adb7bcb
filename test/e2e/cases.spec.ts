import { execFileSync } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import type { Reply } from '../fakes/llm-server';
import { acknowledgeChatNotice, signUpAndSignIn } from './accounts-support';
import {
  expect as baseExpect,
  expectAccessible,
  saveScreenshot,
  test,
  viewports,
} from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { e2ePorts } from './ports';

const ports = e2ePorts();
const llmUrl = `http://127.0.0.1:${ports.llm}`;
const appUrl = `http://127.0.0.1:${ports.app}`;

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

function uniqueEmail(name: string) {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function script(page: Page, reply: Reply & { match: string }) {
  const response = await page.request.post(`${llmUrl}/__script`, { data: reply });
  expect(response.ok()).toBe(true);
}

/** `npm run staff` against the running app's database, as an operator would. */
function grantRole(email: string, role: 'staff' | 'admin') {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', 'add', email, '--role', role],
    { env: { ...process.env, DATA_DIR: `.e2e-data-${ports.app}`, LOG_LEVEL: 'silent' } },
  ).toString();
  expect(output).toContain(`${email} is now ${role}.`);
}

/** Photographs a page at both widths, checking it with axe at each. */
async function lookAt(page: Page, name: string) {
  for (const [width, viewport] of [
    ['1280', viewports.desktop],
    ['375', viewports.phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(viewports.desktop);
}

async function newPerson(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: viewports.desktop });
  const page = await context.newPage();
  const email = uniqueEmail(name);
  await signUpAndSignIn(page, email);
  await acknowledgeChatNotice(page);
  return { page, email, context };
}

test('a person asks a lawyer and shares the conversation; staff work the case; the person reads the reply and answers', async ({
  page: _unused,
  browser,
}) => {
  void _unused;
  // The person: a question in the chat, then "Ask a lawyer" with the conversation shared.
  const person = await newPerson(browser, 'asker');
  const marker = `case-${Date.now()}`;
  await script(person.page, { match: marker, text: 'A deposit comes back within 21 days.' });
  const question = `Can my landlord keep my deposit? ${marker}`;
  await person.page.getByPlaceholder('Write your message...').fill(question);
  await person.page.keyboard.press('Enter');
  const answer = person.page.locator('.chat-message-assistant').last();
  await expect(answer).toContainText('within 21 days');
  await answer.getByRole('link', { name: 'Ask a lawyer' }).click();

  const form = person.page.getByRole('form', { name: 'Ask a lawyer' });
  await expect(form.getByLabel('Your question')).toHaveValue(question);
  await form.getByLabel('Your state').selectOption({ label: 'California' });
  await form.getByLabel('Area of law (optional)').selectOption({ label: 'Renting and housing' });
  const share = form.getByRole('checkbox', { name: 'Share this conversation with the firm' });
  await expect(share).not.toBeChecked();
  await share.check();
  await lookAt(person.page, 'case-form');
  await form.getByRole('button', { name: 'Send to a lawyer' }).click();
  await expect(person.page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
  const status = person.page.getByRole('status').filter({ hasText: 'Your case number is' });
  await expect(status).toBeVisible();
  const number = /LW-\d{6}/.exec((await status.textContent()) ?? '')![0];
  await expect(person.page.getByText('The conversation you shared')).toBeVisible();
  await lookAt(person.page, 'case-page-received');

  // A member of staff (made admin from the command line) works it at the desk.
  const lawyer = await newPerson(browser, 'lawyer');
  grantRole(lawyer.email, 'admin');
  await lawyer.page.goto('/desk');
  await expect(lawyer.page.getByRole('heading', { level: 1, name: 'Desk' })).toBeVisible();
  await lawyer.page.getByLabel('Status').selectOption({ label: 'Received' });
  const row = lawyer.page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(marker);
  await lookAt(lawyer.page, 'desk-queue');
  await row.getByRole('link', { name: number }).click();
  await expect(lawyer.page.getByRole('heading', { level: 1 })).toHaveText(`Case ${number}`);
  await lawyer.page.getByRole('button', { name: 'Open the shared conversation' }).click();
  await expect(lawyer.page.locator('.case-shared')).toContainText('within 21 days');

  await lawyer.page.getByLabel('Assigned to').selectOption({ label: lawyer.email });
  await lawyer.page.getByRole('button', { name: 'Assign' }).click();
  await expect(lawyer.page.getByText('Assignment saved.')).toBeVisible();
  await lawyer.page.getByLabel('New note').fill('Ask for the move-out date.');
  await lawyer.page.getByRole('button', { name: 'Add note' }).click();
  await expect(lawyer.page.locator('.desk-notes')).toContainText('Ask for the move-out date.');
  const reply = `Your landlord had 21 days to return it. ${marker}`;
  await lawyer.page.getByLabel('Reply to the person').fill(reply);
  await lawyer.page.getByRole('button', { name: 'Send reply' }).click();
  await expect(lawyer.page.getByText('Reply sent.')).toBeVisible();
  await expect(lawyer.page.locator('.case-status').first()).toHaveText('Answered');
  await lookAt(lawyer.page, 'desk-case');

  // The person is mailed, follows the link, reads the reply (not the note) and answers back.
  const mail = await waitForMail(person.email, `The firm replied to your case ${number} | Lexwise`);
  expect(mail.text).toContain(reply);
  await person.page.goto(linkIn(mail, `${appUrl}/cases/`));
  await expect(person.page.locator('.case-message-firm')).toContainText(reply);
  await expect(person.page.getByText('Ask for the move-out date.')).toHaveCount(0);
  await person.page.getByLabel('Your reply').fill('They moved me out on 1 March.');
  await person.page.getByRole('button', { name: 'Send reply' }).click();
  await expect(person.page.locator('.case-message-person')).toContainText('1 March');
  await expect(person.page.locator('.case-status').first()).toHaveText('In review');
  await person.page.getByRole('link', { name: 'My cases' }).first().click();
  await expect(person.page.getByRole('link', { name: new RegExp(number) })).toBeVisible();
  await lookAt(person.page, 'my-cases');

  // A person without the role sees no desk and no console.
  for (const path of ['/desk', '/admin']) {
    await person.page.goto(path);
    await expect(
      person.page.getByRole('heading', { name: 'We couldn’t find that page' }),
    ).toBeVisible();
  }

  // The admin sees it all in the audit log.
  const admin = lawyer.page;
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
  await admin.getByRole('button', { name: 'Audit log' }).click();
  const audit = admin.getByRole('region', { name: 'Audit log' });
  for (const action of [
    'case.assigned',
    'case.note_added',
    'case.conversation_opened',
    'case.replied',
  ]) {
    await expect(
      audit.getByRole('row').filter({ hasText: action }).filter({ hasText: number }),
    ).toHaveCount(1);
  }
  await expect(audit.getByRole('row').filter({ hasText: 'case.replied' })).toContainText(
    lawyer.email,
  );
  await lookAt(admin, 'admin-audit');

  // Grants tokens with a reason; the balance and the ledger agree.
  await admin.getByRole('button', { name: 'Users' }).click();
  await admin.getByLabel('Search by email').fill(person.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('button', { name: person.email }).click();
  await expect(admin.getByRole('heading', { name: person.email })).toBeVisible();
  const before = Number((await admin.getByTestId('balance').textContent())!.replace(/\D/g, ''));
  await admin.getByLabel('Tokens (negative to deduct)').fill('5000');
  await admin.getByRole('button', { name: 'Apply' }).click();
  await expect(admin.getByText('Please give a reason.')).toBeVisible();
  await admin.getByLabel('Reason').fill('Goodwill: the firm was slow to reply');
  await admin.getByRole('button', { name: 'Apply' }).click();
  await expect(admin.getByText('Tokens granted.')).toBeVisible();
  const balance = (await admin.getByTestId('balance').textContent())!.replace(/\D/g, '');
  expect(Number(balance)).toBe(before + 5000);
  await expect(admin.getByTestId('ledger-sum')).toHaveText(
    `${Number(balance).toLocaleString('en-US')} tokens`,
  );
  const ledger = admin.getByRole('region', { name: 'Token ledger' });
  await expect(ledger.getByRole('row').filter({ hasText: '+5000' })).toContainText('admin:');
  await lookAt(admin, 'admin-user');
  await admin.getByRole('button', { name: 'Audit log' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'tokens.granted' }).first()).toContainText(
    'Goodwill: the firm was slow to reply',
  );
  await admin.getByRole('button', { name: 'Figures' }).click();
  await expect(admin.getByRole('figure', { name: 'Questions per day' })).toBeVisible();
  await lookAt(admin, 'admin-figures');
  await admin.getByRole('button', { name: 'Messages and subscribers' }).click();
  await expect(admin.getByRole('heading', { name: 'Newsletter subscribers' })).toBeVisible();
  await lookAt(admin, 'admin-lists');

  await person.context.close();
  await lawyer.context.close();
});

test('a signed-out visitor keeps the contact form; a signed-in person gets the case form on /contact', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('form', { name: 'Send us a message' })).toBeVisible();
  await signUpAndSignIn(page, uniqueEmail('contact-case'));
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Ask a lawyer' });
  await expect(form).toBeVisible();
  // No conversation here: nothing to share.
  await expect(form.getByRole('checkbox')).toHaveCount(0);
  await form.getByRole('button', { name: 'Send to a lawyer' }).click();
  await expect(form.getByLabel('Your question')).toBeFocused();
  await lookAt(page, 'contact-case-form');
});
