import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const viewports = {
  phone: { width: 375, height: 800 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * Every test fails if the page logs an error (a hydration mismatch, a CSP violation, an
 * uncaught exception) unless the test declares it with `allowConsoleErrors`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; pageErrors: string[] }>({
  allowConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Scrolls through the page as a reader would, back to where it was, and waits for running
 * animations: content that fades in as it enters the screen is checked as people see it, not
 * half-way through its fade.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const frame = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const start = window.scrollY;
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, start);
    await frame();
    await Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/**
 * Runs axe-core (WCAG 2.x A and AA) on the page and expects no violations. Motion is reduced while
 * it looks, so a transition is seen at its end, never half-way: a button's hover colours, which
 * scrolling switches on and off under a pointer at rest, change at once. The page's own setting
 * comes back after.
 */
export async function expectAccessible(page: Page) {
  const reduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let results;
  try {
    await settle(page);
    results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
  } finally {
    await page.emulateMedia({ reducedMotion: reduced ? 'reduce' : 'no-preference' });
  }
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe-core violations').toEqual([]);
}

/** Saves a full-page screenshot under test-results/screenshots for people to look at. */
export async function saveScreenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/**
 * Holds the page's scripts back, as a slow phone would, so a test can act on the prerendered
 * page before it hydrates. Call before `goto`; the returned function lets the scripts through.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
