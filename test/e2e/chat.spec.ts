import type { Page } from '@playwright/test';
import type { Reply } from '../fakes/llm-server';
import { signUpAndSignIn } from './accounts-support';
import {
  expect as baseExpect,
  expectAccessible,
  saveScreenshot,
  test,
  viewports,
} from './fixtures';
import { e2ePorts } from './ports';

const llmUrl = `http://127.0.0.1:${e2ePorts().llm}`;

// Each journey signs a new person up first (argon2 and a mail round trip), on a shared machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Queues a reply at the model stand-in for a question containing `match`. */
async function script(page: Page, reply: Reply & { match: string }) {
  const response = await page.request.post(`${llmUrl}/__script`, { data: reply });
  expect(response.ok()).toBe(true);
}

function uniqueEmail(name: string) {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A new person on /chatbot, past the first-use notice. */
async function openChat(page: Page, name: string) {
  await signUpAndSignIn(page, uniqueEmail(name));
  const notice = page.getByRole('dialog', { name: 'Before you ask' });
  await expect(notice).toContainText('not legal advice');
  await notice.getByRole('button', { name: 'I understand' }).click();
  await expect(notice).toBeHidden();
}

async function tokenStatus(page: Page) {
  return page.evaluate(async () => {
    const hint = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    const { accessToken } = (await hint.json()) as { accessToken: string };
    const response = await fetch('/api/tokens', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return (await response.json()) as {
      balance: number;
      recent: { kind: string; delta: number }[];
    };
  });
}

/** Reloads the chat and opens the newest chat under Today History, as stored. */
async function reopenNewestChat(page: Page) {
  await page.reload();
  await page.getByRole('region', { name: 'Today History' }).getByRole('button').first().click();
}

async function ask(page: Page, text: string) {
  const input = page.getByPlaceholder('Write your message...');
  await input.fill(text);
  await input.press('Enter');
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`chat at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a new user asks, sees the answer stream in, and is charged what the ledger says', async ({
      page,
    }) => {
      await openChat(page, `ask-${name}`);
      await expect(page.getByText('25,000 Tokens')).toBeAttached();
      await expectAccessible(page);
      await saveScreenshot(page, `chat-empty-${name}`);

      const marker = `deposit-${name}-${Date.now()}`;
      await script(page, {
        match: marker,
        text: 'A landlord must **return** the deposit within the time the law sets.\n\n- Ask in writing\n- Keep copies\n\nIf your case is disputed, talk to a lawyer.',
        // Slow enough that Stop is on screen for about five seconds, even on a busy machine.
        firstTokenDelayMs: 2000,
        tokensPerSecond: 10,
      });
      await ask(page, `When is my deposit due back? ${marker}`);
      const answer = page.locator('.chat-message-assistant').last();
      await expect(answer.getByRole('button', { name: 'Stop' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
      await expect(answer.locator('strong')).toHaveText('return');
      await expect(answer.locator('li')).toHaveText(['Ask in writing', 'Keep copies']);
      await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

      const status = await tokenStatus(page);
      const charged = -status.recent
        .filter((row) => row.kind === 'charge')
        .reduce((sum, row) => sum + row.delta, 0);
      expect(charged).toBeGreaterThan(0);
      expect(status.balance).toBe(25_000 - charged);
      if (name === 'phone') await page.getByRole('button', { name: 'Your chats' }).click();
      await expect(
        page.getByText(`${status.balance.toLocaleString('en-US')} Tokens`),
      ).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, `chat-answer-${name}`);

      // After a reload the chat is listed under Today History and opens with its messages.
      await page.reload();
      if (name === 'phone') await page.getByRole('button', { name: 'Your chats' }).click();
      const today = page.getByRole('region', { name: 'Today History' });
      await today.getByRole('button', { name: /^When is my deposit due back/ }).click();
      await expect(page.locator('.chat-message-assistant')).toContainText('Keep copies');
    });

    test.describe('Ask a lawyer', () => {
      // The link to an unknown conversation asks the server, which answers 404: the browser logs it.
      test.use({ allowConsoleErrors: [/status of 404/] });

      test('Ask a lawyer opens the case form with the question, sharing unticked, and the conversation link reopens it', async ({
        page,
      }) => {
        await openChat(page, `lawyer-${name}`);
        const marker = `lawyer-${name}-${Date.now()}`;
        await script(page, { match: marker, text: 'A deposit comes back within 21 days.' });
        const question = `Can my landlord keep my deposit? ${marker}`;
        await ask(page, question);
        const answer = page.locator('.chat-message-assistant').last();
        await expect(answer).toContainText('within 21 days');

        // Ask a lawyer opens the case form: the question filled in, sharing left unticked.
        await answer.getByRole('link', { name: 'Ask a lawyer' }).click();
        await expect(page).toHaveURL(/\/cases\/new\?/);
        const form = page.getByRole('form', { name: 'Ask a lawyer' });
        await expect(form.getByLabel('Your question')).toHaveValue(question);
        const share = form.getByRole('checkbox', { name: 'Share this conversation with the firm' });
        await expect(share).not.toBeChecked();
        await expect(form.getByText('a copy of this conversation so far is stored')).toBeVisible();
        await expectAccessible(page);
        await saveScreenshot(page, `chat-ask-lawyer-${name}`);
        const conversationId = new URL(page.url()).searchParams.get('conversation');
        expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
        const link = `${new URL(page.url()).origin}/chatbot?conversation=${conversationId}`;

        // The link opens the conversation, then leaves the address bar.
        await page.goto(link);
        await expect(page.locator('.chat-message-user')).toContainText(question);
        await expect(page.locator('.chat-message-assistant')).toContainText('within 21 days');
        await expect(page).toHaveURL(/\/chatbot$/);

        // An unknown id (another person's answers the same 404): the empty chat and a line saying so.
        await page.goto(`/chatbot?conversation=${crypto.randomUUID()}`);
        await expect(
          page.getByRole('status').filter({ hasText: 'That conversation was not found.' }),
        ).toBeVisible();
        await expect(page.locator('.chat-message-user')).toHaveCount(0);
        await expect(page).toHaveURL(/\/chatbot$/);
      });
    });
  });
}

test.describe('chat at 375 px', () => {
  test.use({ viewport: viewports.phone });

  test('the conversation follows a long answer down, and stays put once the person scrolls up', async ({
    page,
  }) => {
    await openChat(page, 'follow');
    const marker = `follow-${Date.now()}`;
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    await script(page, { match: marker, text: words, tokensPerSecond: 60 });
    await ask(page, `Tell me everything about security deposits ${marker}`);
    const answer = page.locator('.chat-message-assistant').last();
    const panel = page.locator('.chat-scroll');
    const overflow = () => panel.evaluate((el) => el.scrollHeight - el.clientHeight);
    const fromEnd = () => panel.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

    // Well past the bottom of the screen, the newest words are in view.
    await expect.poll(overflow).toBeGreaterThan(600);
    await expect.poll(fromEnd).toBeLessThan(48);
    await expect(answer.locator('.answer-markdown')).toBeInViewport({ ratio: 0.1 });

    // Scrolled up to read the beginning: it stays there while the answer goes on.
    await panel.evaluate((el) => el.scrollTo({ top: 0 }));
    const grown = (await overflow()) + 300;
    await expect.poll(overflow).toBeGreaterThan(grown);
    expect(await panel.evaluate((el) => el.scrollTop)).toBe(0);
    await expect(page.locator('.chat-message-user')).toBeInViewport();

    // Back at the end, it follows again.
    await panel.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const further = (await overflow()) + 300;
    await expect.poll(overflow).toBeGreaterThan(further);
    await expect.poll(fromEnd).toBeLessThan(48);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  });
});

test.describe('chat at 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test('Stop keeps the partial answer, shows its charge at once, and Retry answers again', async ({
    page,
  }) => {
    await openChat(page, 'stop');
    const marker = `stop-${Date.now()}`;
    // About 9,000 tokens in full, so a stopped answer's charge stands well apart from it even
    // with the guide passages the prompt now carries.
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    await script(page, { match: marker, text: words, tokensPerSecond: 25 });
    await ask(page, `Tell me everything about security deposits ${marker}`);
    const answer = page.locator('.chat-message-assistant').last();
    await expect(answer).toContainText('word5');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    const shown = (await answer.locator('.answer-markdown').innerText()).trim();
    expect(shown.length).toBeLessThan(words.length);

    // The stop answers once the answer is stored and charged: the page says so at once, with
    // Retry, and the sidebar shows the balance after the charge, as the ledger has it.
    await expect(answer).toContainText('Stopped.');
    await expect(answer.getByRole('button', { name: 'Retry' })).toBeVisible();
    const status = await tokenStatus(page);
    const charged = 25_000 - status.balance;
    expect(status.recent.filter((row) => row.kind === 'charge')).toEqual([
      expect.objectContaining({ delta: -charged }),
    ]);
    // A stopped answer costs its prompt and the words written: far less than the whole.
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThan(4000);
    await expect(page.getByText(`${status.balance.toLocaleString('en-US')} Tokens`)).toBeAttached();
    await saveScreenshot(page, 'chat-stopped-retry-desktop');
    await page.setViewportSize(viewports.phone);
    await answer.getByRole('button', { name: 'Retry' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'chat-stopped-retry-phone');
    await expectAccessible(page);
    await page.setViewportSize(viewports.desktop);

    // Retry right after the stop writes the answer again.
    await script(page, { match: marker, text: 'A shorter answer this time.' });
    await answer.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('.chat-message-assistant').last()).toContainText(
      'A shorter answer this time.',
    );
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await reopenNewestChat(page);
    await expect(page.locator('.chat-message-assistant')).toHaveCount(2);
    await expect(page.locator('.chat-message-assistant').first()).toContainText('Stopped.');
    await expect(page.locator('.chat-message-user')).toHaveCount(1);
  });

  test('a failing model shows the error, and Retry answers', async ({ page }) => {
    await openChat(page, 'retry');
    const marker = `fail-${Date.now()}`;
    await script(page, { match: marker, text: 'x', failBeforeStream: 500 });
    await script(page, { match: marker, text: 'x', failBeforeStream: 500 });
    await script(page, { match: marker, text: 'The second try worked.' });
    await ask(page, `How do I contest a speeding ticket? ${marker}`);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be written' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('.chat-message-assistant').last()).toContainText(
      'The second try worked.',
    );
    await expect(alert).toBeHidden();

    // Stored once: the question, the failed answer, the answer that worked.
    await reopenNewestChat(page);
    await expect(page.locator('.chat-message-assistant').last()).toContainText(
      'The second try worked.',
    );
    await expect(page.locator('.chat-message-user')).toHaveCount(1);
    await expect(page.locator('.chat-message-user')).toContainText(
      `How do I contest a speeding ticket? ${marker}`,
    );
    await expect(page.locator('.chat-message-assistant').first()).toContainText(
      'This answer could not be written.',
    );
  });

  test.describe('a Retry the server refuses', () => {
    // The browser logs the refusal (409) it asked for.
    test.use({ allowConsoleErrors: [/status of 409/] });

    test('a Retry the server refuses shows the answer as it was stored', async ({ page }) => {
      await openChat(page, 'refused');
      const marker = `refused-${Date.now()}`;
      await script(page, { match: marker, text: 'Stored in full, every word of it.' });
      // The server writes and stores the whole answer, but what reaches the page breaks off after
      // its first words with an error.
      await page.route(
        '**/api/conversations/*/messages',
        async (route) => {
          const response = await route.fetch();
          const events = (await response.text()).split('\n\n');
          const firstWords = events.findIndex((event) => event.includes('"type":"text-delta"'));
          const error = 'data: {"type":"error","errorText":"The connection was lost."}';
          await route.fulfill({
            response,
            body: [...events.slice(0, firstWords + 1), error, ''].join('\n\n'),
          });
        },
        { times: 1 },
      );
      await ask(page, `How do I file in small claims court? ${marker}`);
      const alert = page
        .getByRole('alert')
        .filter({ has: page.getByRole('button', { name: 'Retry' }) });
      await expect(alert).toBeVisible();
      await expect(page.locator('.chat-message-assistant')).not.toContainText('every word');

      // The answer was complete, so the server refuses to write it again; the page shows it.
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(page.locator('.chat-message-assistant')).toContainText(
        'Stored in full, every word of it.',
      );
      await expect(page.getByRole('alert')).toBeHidden();
      await expect(page.locator('.chat-message-assistant')).toHaveCount(1);
    });
  });

  test('a connection lost mid-answer shows the error, and Retry answers the question once', async ({
    page,
  }) => {
    // The page's answer streams can be cut as a lost network cuts them: the reader gets a
    // network error, and the request is cancelled, so the server sees its connection close.
    await page.addInitScript(() => {
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await realFetch(input, init);
        const url = input instanceof Request ? input.url : String(input);
        if (!/\/api\/conversations\/[^/]+\/messages$/.test(url) || !response.body) return response;
        const reader = response.body.getReader();
        let cut!: (error: Error) => void;
        const lost = new Promise<never>((_resolve, reject) => (cut = reject));
        (window as unknown as { loseConnection: () => void }).loseConnection = () => {
          cut(new TypeError('network error'));
          void reader.cancel();
        };
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              const { value, done } = await Promise.race([reader.read(), lost]);
              if (done) controller.close();
              else controller.enqueue(value);
            } catch (error) {
              controller.error(error);
            }
          },
        });
        return new Response(body, { status: response.status, headers: response.headers });
      };
    });
    await openChat(page, 'offline');
    const marker = `offline-${Date.now()}`;
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    await script(page, { match: marker, text: words, tokensPerSecond: 25 });
    await script(page, { match: marker, text: 'Back again, here is the answer.' });
    await ask(page, `Can my landlord evict me without notice? ${marker}`);
    const answer = page.locator('.chat-message-assistant').last();
    // Long enough to run past the bottom of a phone's screen.
    await expect(answer).toContainText('word80');

    // The connection goes mid-answer: the server keeps what was written as a stopped answer
    // and charges it; the page shows the error with Retry.
    await page.evaluate(() =>
      (window as unknown as { loseConnection: () => void }).loseConnection(),
    );
    const alert = page
      .getByRole('alert')
      .filter({ has: page.getByRole('button', { name: 'Retry' }) });
    await expect(alert).toBeVisible();
    await saveScreenshot(page, 'chat-connection-lost-desktop');
    // At a phone's width the long answer runs past the screen; the error and Retry follow it.
    await page.setViewportSize(viewports.phone);
    await alert.getByRole('button', { name: 'Retry' }).scrollIntoViewIfNeeded();
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeInViewport();
    await saveScreenshot(page, 'chat-connection-lost-phone');
    await expectAccessible(page);
    await page.setViewportSize(viewports.desktop);
    await expect
      .poll(async () => (await tokenStatus(page)).recent.some((row) => row.kind === 'charge'))
      .toBe(true);
    // The sidebar's count shows that charge now, not after the next reply.
    const charged = await tokenStatus(page);
    await expect(
      page.getByText(`${charged.balance.toLocaleString('en-US')} Tokens`),
    ).toBeAttached();

    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('.chat-message-assistant').last()).toContainText(
      'Back again, here is the answer.',
    );
    await expect(alert).toBeHidden();

    // Stored once: the question, the cut-off answer, then the new one.
    await reopenNewestChat(page);
    await expect(page.locator('.chat-message-user')).toHaveCount(1);
    await expect(page.locator('.chat-message-assistant')).toHaveCount(2);
    await expect(page.locator('.chat-message-assistant').first()).toContainText('word5');
    await expect(page.locator('.chat-message-assistant').last()).toContainText(
      'Back again, here is the answer.',
    );
  });

  test('zero tokens shows the alert and goes to /pricing', async ({ page }) => {
    await openChat(page, 'zero');
    // The balance as the server would report it once spent: exactly 0.
    await page.route('**/api/tokens', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), balance: 0 } });
    });
    await page.reload();
    await expect(page.getByText('0 Tokens')).toBeAttached();
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await ask(page, 'Can I still ask?');
    await expect(page).toHaveURL(/\/pricing$/);
    expect(messages).toEqual(['Become a Premium member']);
  });

  test('rename, search, export and delete a chat', async ({ page }) => {
    await openChat(page, 'manage');
    const marker = `manage-${Date.now()}`;
    await script(page, { match: marker, text: 'Small claims courts hear small disputes.' });
    await ask(page, `What is small claims court? ${marker}`);
    await expect(page.locator('.chat-message-assistant')).toContainText('small disputes');

    const item = page.getByRole('region', { name: 'Today History' }).locator('.chat-item').first();
    await item.getByRole('button', { name: /Options for/ }).click();
    await item.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New name for this chat').fill('Court question');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(item.getByRole('button', { name: 'Court question', exact: true })).toBeVisible();

    await page.getByLabel('Search your chats').fill('disputes');
    await expect(page.getByRole('button', { name: 'Court question', exact: true })).toBeVisible();
    await page.getByLabel('Search your chats').fill('nothing matches this');
    await expect(page.getByRole('button', { name: 'Court question', exact: true })).toHaveCount(0);
    await page.getByLabel('Search your chats').fill('');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as Markdown' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.md$/);

    page.once('dialog', (dialog) => void dialog.accept());
    const row = page.getByRole('button', { name: 'Court question', exact: true });
    await page.getByRole('button', { name: 'Options for Court question' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });

  test('hostile prompts and answers render inert and keep the layout', async ({ page }) => {
    await openChat(page, 'hostile');
    const marker = `hostile-${Date.now()}`;
    const longWord = 'A'.repeat(7000);
    await script(page, {
      match: marker,
      text: `<script>window.pwned=1</script> <img src=x onerror="window.pwned=2"> [click](javascript:window.pwned=3) ![t](https://tracker.example/p.png) <b>bold</b> ${longWord}`,
    });
    await ask(page, `Can my landlord keep my deposit? ${marker}`);
    const answer = page.locator('.chat-message-assistant').last();
    await expect(answer).toContainText('AAAA');
    await ask(page, `<img src=x onerror="window.pwned=4"> <script>window.pwned=5</script>`);
    await expect(page.locator('.chat-message-assistant')).toHaveCount(2);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await expect(page.locator('.chat-messages script, .chat-messages img')).toHaveCount(0);
    await expect(answer.locator('a[href^="javascript"]')).toHaveCount(0);
    await expect(page.locator('.chat-message-user').last()).toContainText('<script>');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the chat list loads its next page when its end comes into view, and lists each chat once', async ({
  page,
}) => {
  // Tall enough that a page of chats leaves the end of the list in view.
  await page.setViewportSize({ width: viewports.desktop.width, height: 1600 });
  await openChat(page, 'paging');
  // Twenty-one answers cost more than the free day's tokens: on Standard (the demo checkout).
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Plan: Standard' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Welcome to Standard. Your allowance is ready.')).toBeVisible();
  const marker = `paging-${Date.now()}`;
  // One more chat than a page holds (20), asked through the API as the page would.
  const statuses = await page.evaluate(async (marker) => {
    const hint = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    const { accessToken } = (await hint.json()) as { accessToken: string };
    const seen: number[] = [];
    for (let i = 1; i <= 21; i++) {
      const response = await fetch(`/api/conversations/${crypto.randomUUID()}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Note ${i} ${marker}` }),
      });
      await response.text();
      seen.push(response.status);
    }
    return seen;
  }, marker);
  expect(statuses).toEqual(Array.from({ length: 21 }, () => 200));

  await page.reload();
  const items = page.getByRole('region', { name: 'Today History' }).locator('.chat-item-title');
  await page.locator('.chat-list-sentinel').scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(21);
  await expect(page.getByText('Loading…')).toHaveCount(0);
  const titles = await items.allInnerTexts();
  expect(new Set(titles).size).toBe(21);
  expect(titles[20]).toBe(`Note 1 ${marker}`);
});

test.describe('a rename or delete the server cannot do', () => {
  // The browser logs the failures this test makes the server give.
  test.use({ allowConsoleErrors: [/status of 503/] });

  test('says so beside the chat, and leaves the chat as it was', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await openChat(page, 'refused-edit');
    const marker = `refused-edit-${Date.now()}`;
    await script(page, { match: marker, text: 'An answer.' });
    await ask(page, `Small claims limit in Texas? ${marker}`);
    await expect(page.locator('.chat-message-assistant')).toContainText('An answer.');
    const unavailable = {
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'service.unavailable', message: 'Unavailable.' } }),
    };
    await page.route('**/api/conversations/*', async (route) => {
      const method = route.request().method();
      if (method === 'PATCH' || method === 'DELETE') await route.fulfill(unavailable);
      else await route.continue();
    });

    const item = page.getByRole('region', { name: 'Today History' }).locator('.chat-item').first();
    await item.getByRole('button', { name: /Options for/ }).click();
    await item.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New name for this chat').fill('Never saved');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(item.getByRole('alert')).toHaveText(
      'This chat could not be renamed. Please try again.',
    );
    await expect(page.getByLabel('New name for this chat')).toHaveValue('Never saved');
    await saveScreenshot(page, 'chat-rename-failed-desktop');
    await expectAccessible(page);
    await page.getByLabel('New name for this chat').press('Escape');

    page.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: /Options for/ }).click();
    await item.getByRole('button', { name: 'Delete' }).click();
    await expect(item.getByRole('alert')).toHaveText(
      'This chat could not be deleted. Please try again.',
    );
    await expect(
      item.getByRole('button', {
        name: `Small claims limit in Texas? ${marker}`,
        exact: true,
      }),
    ).toBeVisible();
  });
});

test('the chat screen is a chunk of its own: the home page does not load it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => url.includes('chatbot-page'))).toBe(false);
});
