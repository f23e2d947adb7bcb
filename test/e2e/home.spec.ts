import { expect, expectAccessible, holdScripts, saveScreenshot, test, viewports } from './fixtures';

const headline = /reliable and experienced lawyers/i;

test.describe('home page', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`shows the headline and passes axe-core at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
      await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
        'href',
        '/login',
      );
      await expectAccessible(page);
      await saveScreenshot(page, `home-${name}`);
    });
  }

  test('is prerendered: the headline is in the HTML before any script runs', async ({
    request,
  }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-cache');
    const csp = response.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin');
    const html = await response.text();
    expect(html).toMatch(headline);
    expect(html).toContain(
      '<title>Legal information fast, and a firm of reliable and experienced lawyers | Lexwise',
    );

    const head = await request.head('/pricing');
    expect(head.status()).toBe(200);
    expect(head.headers()['content-type']).toContain('text/html');
    expect(await head.text()).toBe('');
  });
});

test.describe('navbar', () => {
  test('collapses below 992 px into a toggle that works by keyboard', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const pricing = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Pricing',
    });
    await expect(toggle).toBeVisible();
    await expect(pricing).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(pricing).toBeVisible();
    await saveScreenshot(page, 'navbar-open-phone');

    await page.keyboard.press('Escape');
    await expect(pricing).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('shows its links without a toggle from 992 px', async ({ page }) => {
    await page.setViewportSize({ width: 992, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Open menu' })).toBeHidden();
    for (const name of ['Home', 'Pricing', 'Guides', 'Contact', 'Login']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // The guides library is where people look for it.
    await nav.getByRole('link', { name: 'Guides', exact: true }).click();
    await expect(page).toHaveURL(/\/guides$/);
    await expect(nav.getByRole('link', { name: 'Guides', exact: true })).toHaveClass(/active/);
  });

  test('takes its scrolled style once the page is scrolled at all', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).not.toHaveClass(/is-scrolled/);
    await page.mouse.wheel(0, 1);
    await expect(nav).toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(nav).not.toHaveClass(/is-scrolled/);
  });

  test('leaves a page scrolled before it hydrated where it was', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    const releaseScripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    releaseScripts();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveClass(/is-scrolled/);
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
  });
});

test.describe('navbar on a touch screen', () => {
  test.use({ hasTouch: true, viewport: viewports.phone });

  test('opens on the first tap, before the page has hydrated, and keeps working after', async ({
    page,
  }) => {
    // The app's scripts are held: the menu button must work from the prerendered HTML alone.
    const releaseScripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const guides = nav.getByRole('link', { name: 'Guides', exact: true });
    await nav.getByRole('button', { name: 'Open menu' }).tap();
    await expect(guides).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await nav.getByRole('button', { name: 'Close menu' }).tap();
    await expect(guides).toBeHidden();
    await nav.getByRole('button', { name: 'Open menu' }).tap();
    await expect(guides).toBeVisible();

    // Hydrating keeps the open menu open, and from then on each tap still toggles it once.
    releaseScripts();
    await page.waitForLoadState('networkidle');
    await expect(guides).toBeVisible();
    await nav.getByRole('button', { name: 'Close menu' }).tap();
    await expect(guides).toBeHidden();
    await nav.getByRole('button', { name: 'Open menu' }).tap();
    await guides.tap();
    await expect(page).toHaveURL(/\/guides$/);
    await expect(guides).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

test.describe('unknown pages', () => {
  test.use({ allowConsoleErrors: [/the server responded with a status of 404/] });
  test('answer 404 with a helpful page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
    await expect(page.getByText('/no-such-page')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
  });
});
