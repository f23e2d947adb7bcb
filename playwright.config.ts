import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './test/e2e/chromium';

const appPort = Number(process.env.E2E_PORT || 3210);
export const baseURL = `http://127.0.0.1:${appPort}`;

/** End-to-end tests: the built app, a real Chromium, and fakes for what lies outside. */
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'rm -rf .e2e-data && node dist/server/main.js',
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: '.e2e-data',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
