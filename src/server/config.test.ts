import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexwise-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
}

describe('loadConfig', () => {
  it('runs with nothing configured: SQLite under DATA_DIR, port 3000, the product name', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.site.productName).toBe('Lexwise');
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.join(dataDir, 'lexwise.sqlite'),
    });
    expect(config.site.publicUrl).toBe('http://localhost:3000');
  });

  it('generates secrets on first run, keeps them 0600, and reuses them', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.secrets.jwt.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secrets.jwt).toBe(first.secrets.jwt);
    expect(readFileSync(file, 'utf8')).toContain(first.secrets.jwt);
  });

  it('names the variable and what it expects when a value is malformed', () => {
    expect(configError({ DATA_DIR: tempDir(), PORT: 'eighty' })).toMatch(/^PORT is invalid: /);
    expect(configError({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toBe(
      'DATABASE_URL is invalid: expected a postgres:// or postgresql:// URL',
    );
    expect(configError({ DATA_DIR: tempDir(), NODE_ENV: 'staging' })).toMatch(
      /^NODE_ENV is invalid: expected .*"development"/,
    );
    expect(configError({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toBe(
      'JWT_SECRET is invalid: expected at least 32 characters',
    );
    expect(
      configError({ DATA_DIR: tempDir(), REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '9000' }),
    ).toBe('HEADERS_TIMEOUT_MS is invalid: expected at most REQUEST_TIMEOUT_MS (5000)');
  });

  it('bounds slow clients by default, and leaves the per-address cap to a trusted proxy', () => {
    const { http } = loadConfig({ DATA_DIR: tempDir() });
    expect(http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerAddress: 100,
      maxConnections: 10_000,
    });
    const proxied = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' });
    expect(proxied.http.maxConnectionsPerAddress).toBe(0);
  });

  it('requires secrets from the environment in production and writes no secrets file', () => {
    const dataDir = tempDir();
    expect(configError({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toBe(
      'JWT_SECRET is required in production: at least 32 random characters',
    );
    expect(() => statSync(path.join(dataDir, 'secrets.json'))).toThrow();
  });

  it('requires SMTP in production unless the outbox is chosen explicitly', () => {
    const env = { DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(configError(env)).toMatch(/^SMTP_URL is required in production: /);
    expect(loadConfig({ ...env, MAIL_OUTBOX: 'true', BILLING_DEMO: 'true' }).mail.transport).toBe(
      'outbox',
    );
    expect(
      loadConfig({ ...env, SMTP_URL: 'smtps://u:p@mail.example.com:465', BILLING_DEMO: 'true' })
        .mail,
    ).toEqual({
      transport: 'smtp',
      url: 'smtps://u:p@mail.example.com:465',
      from: '"Lexwise" <no-reply@localhost>',
    });
  });

  it('takes Stripe with both keys, refuses one alone, and the demo in production only when chosen', () => {
    const base = { DATA_DIR: tempDir() };
    expect(loadConfig(base).billing).toEqual({ provider: 'demo' });
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    };
    expect(
      loadConfig({ ...base, ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).billing,
    ).toEqual({
      provider: 'stripe',
      secretKey: keys.STRIPE_SECRET_KEY,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(loadConfig({ ...base, ...keys }).billing).toMatchObject({ api: undefined });
    expect(configError({ ...base, STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toBe(
      'STRIPE_WEBHOOK_SECRET is required when the other Stripe key is set',
    );
    expect(configError({ ...base, STRIPE_SECRET_KEY: 'pk_live_123456789' })).toMatch(
      /^STRIPE_SECRET_KEY is invalid/,
    );
    const production = {
      ...base,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MAIL_OUTBOX: 'true',
    };
    expect(configError(production)).toMatch(
      /^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production/,
    );
    expect(loadConfig({ ...production, BILLING_DEMO: 'true' }).billing).toEqual({
      provider: 'demo',
    });
    expect(loadConfig({ ...production, ...keys }).billing.provider).toBe('stripe');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '' }).port).toBe(3000);
  });
});
