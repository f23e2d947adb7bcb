import { fillSignIn, password, registerByApi } from './accounts-support';
import { expect, expectAccessible, saveScreenshot, test, viewports } from './fixtures';
import { uniqueEmail } from './mailbox';
import { askQuestionFor } from '../../src/shared/guides';

/** A guide the library has (content/guides/renting/security-deposits.md). */
const guideSlug = 'security-deposits';

test.describe('legal guides', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`browse the library by area at ${viewport.width} px, axe-clean`, async ({ page }) => {
      test.slow(); // axe-core and a full-page screenshot
      await page.setViewportSize(viewport);
      await page.goto('/guides');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal guides');
      const areas = page.getByRole('navigation', { name: 'Areas of law' });
      await areas.getByRole('link', { name: /Renting and housing/ }).click();
      await expect(page).toHaveURL(/\/guides#renting$/);
      const renting = page.getByRole('region', { name: 'Renting and housing' });
      await expect(renting.getByRole('heading', { level: 2 })).toBeInViewport();
      await expect(renting.getByRole('link', { name: /security deposit/i })).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, `guides-${name}`);
    });

    test(`search as you type and open a result with the keyboard at ${viewport.width} px, axe-clean`, async ({
      page,
    }) => {
      test.slow(); // axe-core and a full-page screenshot
      await page.setViewportSize(viewport);
      await page.goto('/guides');
      const box = page.getByRole('searchbox', { name: 'Search the guides' });
      await box.fill('landlord kept my deposit');
      const results = page.getByRole('list', { name: 'Search results' });
      await expect(results.getByRole('link').first()).toContainText(/security deposit/i);
      await expect(page.getByRole('main').getByRole('status')).toContainText(
        /\d+ results? for “landlord kept my deposit”/,
      );
      await expectAccessible(page);
      await saveScreenshot(page, `guides-search-${name}`);
      await box.press('ArrowDown');
      await expect(results.getByRole('link').first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(results.getByRole('link').nth(1)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/guides/${guideSlug}#[a-z0-9-]+$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/security deposit/i);
    });

    test(`a guide shows its sections, sources, date and notice at ${viewport.width} px, axe-clean`, async ({
      page,
    }) => {
      test.slow(); // axe-core and a full-page screenshot
      await page.setViewportSize(viewport);
      await page.goto(`/guides/${guideSlug}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/security deposit/i);
      for (const heading of [
        'What the law generally says',
        'Steps to take',
        'Deadlines to watch',
        'Where the rules differ by place',
        'When to see a lawyer',
        'Sources',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      const sources = page.getByRole('region', { name: 'Sources' }).getByRole('link');
      expect(await sources.count()).toBeGreaterThanOrEqual(3);
      await expect(sources.first()).toHaveAttribute('href', /^https:\/\//);
      await expect(page.getByText(/^Last reviewed/)).toBeVisible();
      await expect(page.getByRole('note')).toContainText('not legal advice');
      await expect(page.getByRole('note')).toContainText('is an AI');
      const related = page.getByRole('navigation', { name: 'Related guides' }).getByRole('link');
      await expect(related.first()).toBeVisible();
      await expect(page).toHaveTitle(/security deposit.* \| Lexwise$/i);
      // The table of contents leads to a section.
      await page
        .getByRole('navigation', { name: 'On this page' })
        .getByRole('link', { name: 'Deadlines to watch' })
        .click();
      await expect(page).toHaveURL(/#deadlines-to-watch$/);
      await expect(
        page.getByRole('heading', { level: 2, name: 'Deadlines to watch' }),
      ).toBeInViewport();
      // Figures by state: each state's figure with its official source.
      const figures = page.getByRole('region', { name: 'Figures by state' });
      const deadlines = figures.getByRole('table', { name: 'Deposit return deadline' });
      await expect(deadlines.getByRole('row', { name: /California/ })).toContainText('21 days');
      await expect(
        deadlines.getByRole('link', { name: 'Official source for California' }),
      ).toHaveAttribute('href', /^https:\/\//);
      // A common question opens to the guide's own answer, which links to where it stands.
      const questions = page.getByRole('region', { name: 'Common questions' });
      const asked = questions.getByText(
        'How long does a landlord have to return a security deposit?',
        { exact: true },
      );
      await asked.click();
      await expect(
        questions.getByText(/within a set number of days after you move out/),
      ).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, `guide-${name}`);
    });
  }

  test('a guide page is prerendered with its description, canonical, Open Graph and Article data', async ({
    request,
  }) => {
    const html = await (await request.get(`/guides/${guideSlug}`)).text();
    expect(html).toMatch(/<title>[^<]*security deposit[^<]* \| Lexwise<\/title>/i);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="https?://[^"]+/guides/${guideSlug}" />`),
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('What the law generally says</h2>');
    const data = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(data).toBeDefined();
    const article = JSON.parse(data!);
    expect(article).toMatchObject({ '@context': 'https://schema.org', '@type': 'Article' });
    expect(article.headline).toMatch(/security deposit/i);
    expect(article.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(article.url).toMatch(new RegExp(`/guides/${guideSlug}$`));
  });

  test('the library and a guide page, with its Article data block, raise no Content-Security-Policy violation', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

    const library = await page.goto('/guides');
    expect(library?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    const box = page.getByRole('searchbox', { name: 'Search the guides' });
    await box.fill('fired for complaining');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    expect(await violations()).toEqual([]);

    await page.goto(`/guides/${guideSlug}`);
    await expect(page.getByRole('link', { name: 'Ask the assistant about this' })).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect(await violations()).toEqual([]);
  });

  test('the guides are in the sitemap and linked from the home page and the footer', async ({
    page,
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/guides</loc>');
    expect(sitemap).toContain(`/guides/${guideSlug}</loc>`);
    await page.goto('/');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'legal guides' }).first(),
    ).toHaveAttribute('href', '/guides');
    await expect(page.getByText('written and reviewed by our lawyers')).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal guides' }).click();
    await expect(page).toHaveURL(/\/guides$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal guides');
  });

  test('an unknown guide answers 404', async ({ request }) => {
    expect((await request.get('/guides/no-such-guide')).status()).toBe(404);
  });

  test('"Ask the assistant about this" while signed out: sign in, then the chat with the question', async ({
    page,
    browser,
  }) => {
    test.slow(); // registration, an emailed link and a sign-in
    // An account whose email is confirmed in another browser, so this one stays signed out.
    const email = uniqueEmail('guide-ask');
    const link = await registerByApi(page, email);
    const other = await browser.newContext();
    const confirming = await other.newPage();
    await confirming.goto(link);
    // The page confirms the token with a request of its own: wait until it has landed.
    await expect(confirming).toHaveURL(/\/chatbot$/);
    await other.close();

    await page.setViewportSize(viewports.phone);
    await page.goto(`/guides/${guideSlug}`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await page.getByRole('link', { name: 'Ask the assistant about this' }).click();
    const question = askQuestionFor({ title });
    const chat = `/chatbot?ask=${encodeURIComponent(question)}`;
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === chat,
    );
    await fillSignIn(page, email, password);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/chatbot' && url.searchParams.get('ask') === question,
    );
  });
});
