import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { publicSiteSchema, readPublicSiteConfig, type PublicSiteConfig } from '../shared/site.js';

/** A configuration value that is missing or malformed; start-up prints its one-line message. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const secret = z.string().min(32, 'at least 32 characters');

/** A provider endpoint: https, or http for a local stand-in; no trailing slash. */
const providerUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

const envSchema = publicSiteSchema.extend({
  NODE_ENV: z.enum(['development', 'production']).default('development'),
  // Loopback only unless told otherwise: a laptop on a shared network serves nobody else.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10_000_000)
    .default(64 * 1024),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Longest time a client may take to send a whole request (headers and body). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** Longest time a client may take to send a request's headers. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /** How long an idle keep-alive connection stays open. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
  /** Connections one client address may hold open at once (not applied with TRUST_PROXY). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(100),
  /** Connections the server holds open at once. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Requests per minute one client address may make to the API as a whole. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(10).max(1_000_000).default(300),
  JWT_SECRET: secret.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** In production, mail written to the outbox instead of sent must be chosen explicitly. */
  MAIL_OUTBOX: booleanFlag.default(false),
  /** How often each instance reads the mail outbox for mail it was not woken for. */
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /** The first retry of a failed mail waits this long; each later one twice as long (up to 1 h). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** Attempts before a mail is given up on and logged as an error. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** The longest one send may take; a crashed instance's mail is sent by another after twice this. */
  MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(60_000),
  /** The address that receives contact-form messages (server-only). */
  CONTACT_INBOX: z.email().optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).max(500).optional(),
  /** The OpenID issuer; its endpoints come from `${issuer}/.well-known/openid-configuration`. */
  GOOGLE_ISSUER: providerUrl.default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().trim().min(1).max(500).optional(),
  FACEBOOK_AUTHORIZATION_URL: providerUrl.default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: providerUrl.default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_GRAPH_URL: providerUrl.default('https://graph.facebook.com/v19.0'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  AUTH_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(5),
  /** An OpenAI-compatible endpoint (…/v1); unset: the assistant answers from the guides alone. */
  LLM_BASE_URL: providerUrl.optional(),
  LLM_API_KEY: z.string().trim().min(1).max(1000).optional(),
  LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  LLM_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  LLM_REPLY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  CHAT_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(32_000).default(1024),
  CHAT_MIN_REPLY_TOKENS: z.coerce.number().int().min(1).max(4000).default(64),
  CHAT_HISTORY_TOKENS: z.coerce.number().int().min(0).max(100_000).default(3000),
  CHAT_MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  CHAT_RESERVATION_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  TOKENS_FAIR_USE_MONTHLY: z.coerce.number().int().min(1000).max(1_000_000_000).default(5_000_000),
  /** Stripe: both keys, or neither (then the demo checkout, where no card is charged). */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, 'a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_+/=-]{8,}$/, 'a webhook signing secret (whsec_…)')
    .optional(),
  /** Where the Stripe SDK sends its calls; only for a local Stripe-compatible server in tests. */
  STRIPE_API_BASE: providerUrl.optional(),
  /** In production, the demo checkout must be chosen explicitly (and every page says so). */
  BILLING_DEMO: booleanFlag.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: 'development' | 'production';
  host: string;
  port: number;
  /** Public settings shared with the web app: product name, public URL, contact, social links. */
  site: PublicSiteConfig;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  bodyLimitBytes: number;
  shutdownGraceMs: number;
  /** What slow or greedy clients may hold (docs/decisions/0067-slow-clients.md). */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnectionsPerAddress: number;
    maxConnections: number;
  };
  apiRateLimitPerMinute: number;
  secrets: { jwt: string };
  auth: {
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    /** Attempts allowed per 15 minutes, for each sign-in/sign-up/reset/resend action. */
    limitPerIp: number;
    limitPerAccount: number;
  };
  /** Where contact-form messages go: CONTACT_INBOX, else the public CONTACT_EMAIL. */
  contactInbox: string | undefined;
  mail:
    | { transport: 'smtp'; url: string; from: string }
    | { transport: 'outbox'; dir: string; from: string };
  /** The sender of queued mail (docs/decisions/0065-mail-outbox.md). */
  mailOutbox: { pollMs: number; retryBaseMs: number; maxAttempts: number; sendTimeoutMs: number };
  /** Social sign-in providers; a provider is absent (its button hidden) unless id and secret are set. */
  /** The assistant: a model behind an OpenAI-compatible API, or library mode when none is set. */
  chat: {
    model: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
    firstTokenTimeoutMs: number;
    replyTimeoutMs: number;
    maxOutputTokens: number;
    /** Below prompt + this many tokens of balance, a send is refused (402 tokens.insufficient). */
    minReplyTokens: number;
    /** How much earlier conversation goes with a question, newest first. */
    historyTokens: number;
    maxConcurrentPerUser: number;
    /** An unsettled reservation older than this is released by the sweeper (a crashed reply). */
    reservationTtlSeconds: number;
  };
  tokens: {
    /** Premium's "unlimited" allowance: the most it may use in a month. */
    fairUseMonthly: number;
  };
  /** Paid plans: Stripe, or the demo checkout (docs/decisions/0090-billing.md). */
  billing:
    | {
        provider: 'stripe';
        secretKey: string;
        webhookSecret: string;
        api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
      }
    | { provider: 'demo' };
  oauth: {
    google?: { clientId: string; clientSecret: string; issuer: string };
    facebook?: {
      clientId: string;
      clientSecret: string;
      authorizationUrl: string;
      tokenUrl: string;
      graphUrl: string;
    };
  };
}

/** Secrets that may be generated on first run outside production, and their variables. */
const generatedSecrets = { jwt: 'JWT_SECRET' } as const satisfies Record<
  keyof Config['secrets'],
  keyof Env
>;

function describeIssue(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? 'configuration');
  const given = env[name];
  const expected = issue.message.replace(/^Invalid input: /, '');
  return given === undefined
    ? `${name} is required: ${expected}`
    : `${name} is invalid: expected ${expected}`;
}

/**
 * Reads the environment once. Throws ConfigError with one line naming the variable at fault.
 * Outside production, missing secrets are generated and kept in DATA_DIR/secrets.json (0600).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(describeIssue(parsed.error.issues[0]!, cleaned));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = resolveSecrets(e, dataDir);
  const site = readPublicSiteConfig(cleaned);
  const from =
    e.MAIL_FROM ?? `"${site.productName}" <no-reply@${new URL(site.publicUrl).hostname}>`;
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    // Node refuses a headers timeout longer than the request's, which includes the headers.
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS is invalid: expected at most REQUEST_TIMEOUT_MS (${e.REQUEST_TIMEOUT_MS})`,
    );
  }
  if (!e.SMTP_URL && e.NODE_ENV === 'production' && !e.MAIL_OUTBOX) {
    throw new ConfigError(
      'SMTP_URL is required in production: an smtp:// or smtps:// URL (or MAIL_OUTBOX=true to keep mail in DATA_DIR/outbox)',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    site,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'lexwise.sqlite') },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      // Behind a proxy every connection comes from the proxy's address: the proxy caps instead.
      maxConnectionsPerAddress: e.TRUST_PROXY ? 0 : e.MAX_CONNECTIONS_PER_ADDRESS,
      maxConnections: e.MAX_CONNECTIONS,
    },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    secrets,
    auth: {
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      limitPerIp: e.AUTH_LIMIT_PER_IP,
      limitPerAccount: e.AUTH_LIMIT_PER_ACCOUNT,
    },
    contactInbox: e.CONTACT_INBOX ?? site.contact.email,
    mail: e.SMTP_URL
      ? { transport: 'smtp', url: e.SMTP_URL, from }
      : { transport: 'outbox', dir: path.join(dataDir, 'outbox'), from },
    mailOutbox: {
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      sendTimeoutMs: e.MAIL_SEND_TIMEOUT_MS,
    },
    oauth: readOAuthProviders(e),
    chat: readChatConfig(e),
    tokens: { fairUseMonthly: e.TOKENS_FAIR_USE_MONTHLY },
    billing: readBillingConfig(e),
  };
}

function readBillingConfig(e: Env): Config['billing'] {
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    const missing = e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    throw new ConfigError(`${missing} is required when the other Stripe key is set`);
  }
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined;
    return {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      api: base && {
        host: base.hostname,
        port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      },
    };
  }
  if (e.NODE_ENV === 'production' && !e.BILLING_DEMO) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production (or BILLING_DEMO=true for the demo checkout, where no card is charged)',
    );
  }
  return { provider: 'demo' };
}

function readChatConfig(e: Env): Config['chat'] {
  if (e.LLM_BASE_URL && !e.LLM_MODEL) {
    throw new ConfigError('LLM_MODEL is required when LLM_BASE_URL is set');
  }
  if (!e.LLM_BASE_URL && (e.LLM_MODEL || e.LLM_API_KEY)) {
    const given = e.LLM_MODEL ? 'LLM_MODEL' : 'LLM_API_KEY';
    throw new ConfigError(`LLM_BASE_URL is required when ${given} is set`);
  }
  // A reservation must outlive the longest reply, or the sweeper would release a live one.
  if (e.CHAT_RESERVATION_TTL_SECONDS * 1000 <= e.LLM_REPLY_TIMEOUT_MS) {
    throw new ConfigError(
      `CHAT_RESERVATION_TTL_SECONDS is invalid: expected more than LLM_REPLY_TIMEOUT_MS (${e.LLM_REPLY_TIMEOUT_MS} ms)`,
    );
  }
  return {
    model:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
        : undefined,
    firstTokenTimeoutMs: e.LLM_FIRST_TOKEN_TIMEOUT_MS,
    replyTimeoutMs: e.LLM_REPLY_TIMEOUT_MS,
    maxOutputTokens: e.CHAT_MAX_OUTPUT_TOKENS,
    minReplyTokens: e.CHAT_MIN_REPLY_TOKENS,
    historyTokens: e.CHAT_HISTORY_TOKENS,
    maxConcurrentPerUser: e.CHAT_MAX_CONCURRENT_PER_USER,
    reservationTtlSeconds: e.CHAT_RESERVATION_TTL_SECONDS,
  };
}

function readOAuthProviders(e: Env): Config['oauth'] {
  const pairs = [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  ] as const;
  for (const [id, secretName] of pairs) {
    // Half a pair is a mistake worth hearing about, not a silently hidden button.
    if ((e[id] === undefined) !== (e[secretName] === undefined)) {
      const [missing, given] = e[id] === undefined ? [id, secretName] : [secretName, id];
      throw new ConfigError(`${missing} is required when ${given} is set`);
    }
  }
  return {
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          }
        : undefined,
    facebook:
      e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? {
            clientId: e.FACEBOOK_CLIENT_ID,
            clientSecret: e.FACEBOOK_CLIENT_SECRET,
            authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
            tokenUrl: e.FACEBOOK_TOKEN_URL,
            graphUrl: e.FACEBOOK_GRAPH_URL,
          }
        : undefined,
  };
}

function resolveSecrets(e: Env, dataDir: string): Config['secrets'] {
  const given = { jwt: e.JWT_SECRET };
  const missing = (Object.keys(generatedSecrets) as (keyof Config['secrets'])[]).filter(
    (key) => given[key] === undefined,
  );
  if (missing.length === 0) return given as Config['secrets'];
  if (e.NODE_ENV === 'production') {
    const name = generatedSecrets[missing[0]!];
    throw new ConfigError(`${name} is required in production: at least 32 random characters`);
  }
  const stored = readOrCreateSecretsFile(dataDir);
  return { jwt: given.jwt ?? stored.jwt };
}

function readOrCreateSecretsFile(dataDir: string): Config['secrets'] {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = z.object({ jwt: secret }).safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (stored.success) return stored.data;
    throw new ConfigError(`${file} is malformed: delete it to generate new secrets`);
  }
  // The data folder is the owner's only: it holds secrets, the database and the mail outbox.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const created = { jwt: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(created, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return created;
}
