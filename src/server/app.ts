import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { answerBeforeRouting, type EarlyAnswer } from './http/answer-first.js';
import { registerApiRateLimit, type MemoryRateLimit } from './http/api-rate-limit.js';
import { limitConnections } from './http/connection-limits.js';
import { trackIdleConnections } from './http/idle-connections.js';
import { clientErrorHandler, frameworkErrorHandler, isApiPath } from './http/client-errors.js';
import { apiNotFound, registerErrorHandling } from './http/error-handler.js';
import { createRateLimiter } from './http/rate-limiter.js';
import { compileResponseSerializer } from './http/response-serializer.js';
import { createRequestIds, registerRequestLog } from './http/request-log.js';
import { createAppLogger, requestLoggerFactory, type LoggerOption } from './http/request-logger.js';
import { computeSecurityHeaders, registerSecurityHeaders } from './http/security-headers.js';
import { demoBanner } from './http/page-files.js';
import { registerWeb, type WebBuild } from './http/web.js';
import { createDemoGateway } from './modules/billing/demo-gateway.js';
import { demoPages } from './modules/billing/demo-pages.js';
import { billingRoutes } from './modules/billing/routes.js';
import { createBillingService } from './modules/billing/service.js';
import { createStripeClient, createStripeGateway } from './modules/billing/stripe-gateway.js';
import { deriveServerKeys } from './keys.js';
import type { ModuleDeps } from './module-deps.js';
import { createAccountExportRegistry } from './modules/accounts/export-registry.js';
import { meAnswer } from './modules/accounts/me-first.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { createAccountService } from './modules/accounts/service.js';
import { createAuthenticate, registerRequestAuth } from './modules/auth/authenticate.js';
import { authLimits } from './modules/auth/limits.js';
import { oauthRoutes } from './modules/auth/oauth/routes.js';
import { createOAuthService } from './modules/auth/oauth/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessionService } from './modules/auth/sessions.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createAdminService } from './modules/admin/service.js';
import { createBillingRecords } from './modules/billing/records.js';
import { deskRoutes } from './modules/cases/desk-routes.js';
import { caseRoutes } from './modules/cases/routes.js';
import { createCasesService } from './modules/cases/service.js';
import { chatRoutes } from './modules/chat/routes.js';
import { createAnswersService } from './modules/answers/service.js';
import { courtSelfHelpFor } from '../shared/court-self-help.js';
import { createChatUsage } from './modules/chat/usage.js';
import { createChatService } from './modules/chat/service.js';
import { contactRoutes } from './modules/contact/routes.js';
import { createContactService } from './modules/contact/service.js';
import { emptyGuideLibrary } from './modules/guides/library-file.js';
import type { GuideLibrary } from './modules/guides/loader.js';
import { guideRoutes } from './modules/guides/routes.js';
import { createGuidesService } from './modules/guides/service.js';
import { healthRoutes, livenessAnswer } from './modules/health/routes.js';
import { createWarmUp, warmRequests } from './warm-up.js';
import { passageTokens } from './llm/prompt.js';
import { createMailer } from './modules/mail/mailer.js';
import { createMailOutbox } from './modules/mail/outbox.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { createNewsletterService } from './modules/newsletter/service.js';
import { createStaffService, registerRequestStaff } from './modules/staff/service.js';
import { tokenRoutes } from './modules/tokens/routes.js';
import { createTokensService } from './modules/tokens/service.js';

export interface AppOptions {
  /** An open database; by default the app opens the configured one and closes it on close. */
  db?: Db;
  /** The built web app to serve; without it the server answers the API only. */
  web?: WebBuild;
  /** false for no logs, or a level and stream; by default JSON lines on stdout at the configured level. */
  logger?: LoggerOption;
  /** The legal guides to search, or how to read them (see main.ts); without it, none. */
  guides?: GuideLibrary | (() => GuideLibrary);
}

export type App = FastifyInstance;

/**
 * Builds the whole HTTP application. Production and tests call this same function.
 *
 * Dependencies go one way (docs/decisions/0060-module-dependencies.md): the shared parts
 * (ModuleDeps) are made once here, each module's service is made from them with
 * `createXService(deps, otherServices)`, and each module's routes are a plugin made from the
 * services they call (`xRoutes({ ... })`). Nothing is read back from decorations per request.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  const db = options.db ?? openDatabase(config.database);
  const { logger, accessLog, flush } = createAppLogger(config.logLevel, options.logger);
  const securityHeaders = computeSecurityHeaders(config);
  const nextRequestId = createRequestIds();
  const app = Fastify({
    // Fastify's own logger stays off: with one, Fastify times and tracks every response, which
    // was a fifth of a probe's time. Ours is app.log, and each request's request.log is a lazy
    // child of it; registerRequestLog writes one line per request instead of Fastify's two.
    logger: false,
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLoggerFactory(logger),
    genReqId: nextRequestId,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Slow clients: a request must arrive whole within requestTimeout, its headers sooner, and an
    // idle keep-alive connection is closed. Node checks these every connectionsCheckingInterval.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.http.headersTimeoutMs / 2)),
    },
    frameworkErrors: frameworkErrorHandler(securityHeaders.resource),
    clientErrorHandler: clientErrorHandler(securityHeaders.resource, logger),
  }).withTypeProvider<ZodTypeProvider>();
  app.log = logger;
  limitConnections(app.server, {
    perAddress: config.http.maxConnectionsPerAddress,
    total: config.http.maxConnections,
  });
  const closeIdleConnections = trackIdleConnections(app.server);
  app.addHook('preClose', async () => closeIdleConnections());

  // The API speaks JSON only; a text/plain body (a "simple" cross-site request) gets 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compileResponseSerializer);
  if (flush) app.addHook('onClose', async () => flush());
  if (!options.db) app.addHook('onClose', () => db.close());

  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  // Modules write mail to the outbox with its cause; this instance's sender sends it from there
  // (docs/decisions/0065-mail-outbox.md).
  const mailer = createMailer(config.mail, app.log, config.mailOutbox.sendTimeoutMs / 2);
  const mailOutbox = createMailOutbox(db, mailer, app.log, config.mailOutbox);
  app.addHook('onReady', async () => mailOutbox.start());
  app.addHook('preClose', async () => mailOutbox.stop());
  app.addHook('onClose', async () => mailer.close());
  const deps: ModuleDeps = {
    config,
    db,
    mailOutbox,
    rateLimiter: createRateLimiter(redis),
    log: app.log,
    keys: deriveServerKeys(config.secrets),
  };
  const limits = authLimits(config);
  const accountExport = createAccountExportRegistry();
  const sessions = createSessionService(deps);
  const auth = createAuthService(deps, { sessions, limits });
  const oauth = createOAuthService(deps, { sessions, limits });
  const accounts = createAccountService(deps, { auth, sessions, limits, accountExport });
  const contact = createContactService(deps);
  const newsletter = createNewsletterService(deps);
  // Indexed once here; the search route and the chat use this one service.
  const guides = createGuidesService({ library: options.guides ?? emptyGuideLibrary });
  const tokens = createTokensService(deps);
  const stopSweeper = tokens.startSweeper(sweepIntervalMs(config));
  app.addHook('onClose', async () => stopSweeper());
  const answers = createAnswersService({ guides, selfHelpFor: courtSelfHelpFor });
  const chat = createChatService(deps, { tokens, answers });
  // Replies being written settle before the database closes.
  app.addHook('onClose', async () => chat.drain());
  // /readyz says ready once the reply path is loaded (src/server/warm-up.ts).
  const warmUp = createWarmUp(app.log);
  // While the model's thread rehearses (chat.warm waits for it), every passage's tokens are
  // counted as the prompt counts them (src/server/llm/prompt.ts) and its snippet's words are
  // worked out as the search cuts them, from the next turn on: the server listens first.
  const passagesPrepared = () =>
    new Promise((resolve) => setImmediate(resolve))
      .then(() => passageTokens(guides.passageTexts()))
      .then(() => guides.warm());
  warmUp.add('chat', () => Promise.all([chat.warm(), passagesPrepared()]));
  warmUp.add('guides', () => guides.searchPassages({ query: 'security deposit', limit: 3 }));
  warmUp.add('answers', () => answers.warm());
  warmUp.add('requests', () => warmRequests(app));
  app.addHook('onReady', async () => void warmUp.start());
  // Stripe when its keys are set; otherwise the demo checkout (docs/decisions/0090-billing.md).
  const stripe =
    config.billing.provider === 'stripe' ? createStripeClient(config.billing) : undefined;
  const demo = stripe ? undefined : createDemoGateway(db.kysely, config.site.publicUrl);
  const billing = createBillingService(deps, {
    tokens,
    gateway: stripe ? createStripeGateway(stripe) : demo!.gateway,
    stripe,
  });
  const authenticate = createAuthenticate(sessions);
  const staff = createStaffService(deps, { auth, sessions });
  const cases = createCasesService(deps, { auth, chat, staff });
  const admin = createAdminService(deps, {
    auth,
    staff,
    tokens,
    billing: createBillingRecords(db),
    chatUsage: createChatUsage(db),
    cases,
    contact,
    newsletter,
  });
  accountExport.addSignInMethods(oauth.signInMethodsOf);
  accountExport.addSection('conversations', chat.exportFor);
  accountExport.addSection('cases', cases.exportFor);
  accountExport.addSection('tokens', tokens.exportFor);
  accountExport.addSection('billing', billing.exportFor);
  app.decorate('accountExport', accountExport);

  registerErrorHandling(app);

  registerSecurityHeaders(app, securityHeaders);
  // GET and HEAD requests have no body (Fastify reads none): their routes skip the plugin's
  // decompression hook. Added first, so the plugin's own onRoute sees it.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(compress, { threshold: compressThreshold });
  registerRequestAuth(app);
  registerRequestStaff(app);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.site.productName} API`, version: '1.0.0' },
      servers: [{ url: config.site.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(healthRoutes(db, warmUp));

  let apiLimit: MemoryRateLimit | undefined;

  // Everything but the probes: the probes stay out of the access log (and so skip the per-response
  // timing that logging needs). New routes belong in here, to be logged.
  await app.register(async (site) => {
    registerRequestLog(site, accessLog);
    await site.register(
      async (api) => {
        // Cookies are read and set by the API only (sign-in sessions); pages and probes skip the
        // plugin. The sign-in routes parse them when they read one (http/request-cookie.ts).
        await api.register(cookie, { hook: false });
        // Before the modules: it must run before any of their hooks (authentication among them).
        apiLimit = await registerApiRateLimit(api, config, redis);
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        // Each module registers its routes below, under its own prefix.
        await api.register(authRoutes({ config, auth, sessions }), { prefix: '/auth' });
        await api.register(accountRoutes({ config, accounts, authenticate }), { prefix: '/me' });
        await api.register(oauthRoutes({ config, oauth }), { prefix: '/auth' });
        await api.register(contactRoutes({ contact }), { prefix: '/contact' });
        await api.register(newsletterRoutes({ newsletter }), { prefix: '/newsletter' });
        await api.register(guideRoutes({ guides, rateLimiter: deps.rateLimiter }), {
          prefix: '/guides',
        });
        await api.register(tokenRoutes({ tokens, authenticate }), { prefix: '/tokens' });
        await api.register(chatRoutes({ chat, authenticate }));
        await api.register(billingRoutes({ billing, authenticate }), { prefix: '/billing' });
        await api.register(caseRoutes({ cases, authenticate }), { prefix: '/cases' });
        await api.register(deskRoutes({ cases, staff }), { prefix: '/desk' });
        await api.register(adminRoutes({ admin, staff }), { prefix: '/admin' });
      },
      { prefix: '/api' },
    );

    if (demo) {
      await site.register(
        demoPages({ config, billing, demo, documentHeaders: securityHeaders.document }),
        { prefix: '/billing/demo' },
      );
    }

    const web = options.web
      ? await registerWeb(
          site,
          options.web,
          securityHeaders.document,
          // A demo part live in production is never silent (ARCHITECTURE.md §2).
          demo && config.env === 'production' ? demoBanner : undefined,
        )
      : undefined;
    site.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (isApiPath(path) || !web || !read) {
        return reply.status(404).send(apiNotFound(request.method, path));
      }
      return web.servePage(request, reply);
    });
  });

  // Decisions 0147 and 0155: the probe, and a signed-in GET /api/me where its checks are
  // synchronous and its limit in this process, are answered before Fastify routes them.
  const early: EarlyAnswer[] = [livenessAnswer(securityHeaders.resource)];
  if (apiLimit && db.kind === 'sqlite' && !config.trustProxy) {
    early.push(
      meAnswer({
        sessions,
        limit: apiLimit,
        headers: securityHeaders.resource,
        compressThreshold,
        accessLog,
        nextRequestId,
      }),
    );
  }
  answerBeforeRouting(app, early);

  return app;
}

/** Responses this long or longer are compressed for clients that accept it. */
const compressThreshold = 1024;

/** Often enough that a crashed reply's tokens come back soon after its reservation expires. */
function sweepIntervalMs(config: Config): number {
  return Math.min(60_000, Math.max(1_000, (config.chat.reservationTtlSeconds * 1000) / 4));
}

/** ioredis is loaded only when Redis is configured: it slows the embedded start-up. */
function connectRedis(url: string): Redis {
  const { Redis: RedisClient } = createRequire(import.meta.url)(
    'ioredis',
  ) as typeof import('ioredis');
  return new RedisClient(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
}
