import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './test/e2e/chromium';
import { e2ePorts } from './test/e2e/ports';
import { facebookFakeEnv, googleFakeEnv } from './test/fakes/oauth-clients';
import { defaultWebhookSecret, fakeSecretKey } from './test/fakes/stripe-server';

const buildDir = process.env.BUILD_DIR || 'dist';
const ports = e2ePorts();
const baseURL = `http://127.0.0.1:${ports.app}`;
const dataDir = `.e2e-data-${ports.app}`;
const stripeAppUrl = `http://127.0.0.1:${ports.stripeApp}`;
const libraryAppUrl = `http://127.0.0.1:${ports.libraryApp}`;

/** What both app instances share: mail to the SMTP stand-in, the model stand-in. */
const commonEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
  MAIL_FROM: 'Lexwise <no-reply@lexwise.test>',
  LLM_BASE_URL: `http://127.0.0.1:${ports.llm}/v1`,
  LLM_MODEL: 'lexwise-fake-1',
  LLM_API_KEY: 'e2e-key',
};

/** End-to-end tests: the built app, a real Chromium, and fakes for what lies outside. */
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: `test-results/e2e-${ports.app}`,
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
      command: `node --import tsx test/fakes/smtp-server.ts ${ports.smtp} ${ports.mailbox}`,
      url: `http://127.0.0.1:${ports.mailbox}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node --import tsx test/fakes/oidc-provider.ts ${ports.oidc} ${baseURL}`,
      url: `http://127.0.0.1:${ports.oidc}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node --import tsx test/fakes/facebook.ts ${ports.facebook} ${baseURL}`,
      url: `http://127.0.0.1:${ports.facebook}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node --import tsx test/fakes/llm-server.ts ${ports.llm}`,
      url: `http://127.0.0.1:${ports.llm}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node --import tsx test/fakes/stripe-server.ts ${ports.stripe} ${stripeAppUrl}/api/billing/webhook ${defaultWebhookSecret}`,
      url: `http://127.0.0.1:${ports.stripe}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      // Paid plans through the Stripe stand-in (the main instance runs the demo checkout).
      command: `rm -rf ${dataDir}-stripe && node ${buildDir}/server/main.js`,
      url: `${stripeAppUrl}/readyz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        ...commonEnv,
        PORT: String(ports.stripeApp),
        PUBLIC_URL: stripeAppUrl,
        DATA_DIR: `${dataDir}-stripe`,
        STRIPE_SECRET_KEY: fakeSecretKey,
        STRIPE_WEBHOOK_SECRET: defaultWebhookSecret,
        STRIPE_API_BASE: `http://127.0.0.1:${ports.stripe}`,
      },
    },
    {
      // No model: the assistant answers from the guides' own sentences (library mode).
      command: `rm -rf ${dataDir}-library && node ${buildDir}/server/main.js`,
      url: `${libraryAppUrl}/readyz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
        MAIL_FROM: 'Lexwise <no-reply@lexwise.test>',
        PORT: String(ports.libraryApp),
        PUBLIC_URL: libraryAppUrl,
        DATA_DIR: `${dataDir}-library`,
      },
    },
    {
      command: `rm -rf ${dataDir} && node ${buildDir}/server/main.js`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: String(ports.app),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
        MAIL_FROM: 'Lexwise <no-reply@lexwise.test>',
        // Every journey signs a new person up, all from this one address: the per-address limit
        // would refuse the later ones. The per-account limits stay as shipped (a test uses them).
        AUTH_LIMIT_PER_IP: '10000',
        // Server-only: where contact-form messages go. The public CONTACT_* settings stay unset.
        CONTACT_INBOX: 'desk@lexwise.test',
        // Google and Facebook sign-in through the local stand-ins above.
        ...googleFakeEnv(`http://127.0.0.1:${ports.oidc}`),
        ...facebookFakeEnv(`http://127.0.0.1:${ports.facebook}`),
        // The assistant's model: the local OpenAI-compatible stand-in.
        LLM_BASE_URL: `http://127.0.0.1:${ports.llm}/v1`,
        LLM_MODEL: 'lexwise-fake-1',
        LLM_API_KEY: 'e2e-key',
      },
    },
  ],
});
