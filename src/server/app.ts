import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { AppError } from './errors.js';
import { apiNotFound, registerErrorHandling } from './http/error-handler.js';
import { createRateLimiter, type RateLimiter } from './http/rate-limiter.js';
import { registerRequestLog } from './http/request-log.js';
import { createAppLogger, requestLoggerFactory, type LoggerOption } from './http/request-logger.js';
import { computeSecurityHeaders, registerSecurityHeaders } from './http/security-headers.js';
import { registerWeb, type WebBuild } from './http/web.js';
import { registerAccountExport } from './modules/accounts/export-registry.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { oauthRoutes } from './modules/auth/oauth/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { registerAuthentication } from './modules/auth/sessions.js';
import { contactRoutes } from './modules/contact/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';

export interface AppOptions {
  /** An open database; by default the app opens the configured one and closes it on close. */
  db?: Db;
  /** The built web app to serve; without it the server answers the API only. */
  web?: WebBuild;
  /** false for no logs, or a level and stream; by default JSON lines on stdout at the configured level. */
  logger?: LoggerOption;
}

declare module 'fastify' {
  /** What every module may use, decorated once by buildApp. */
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    rateLimiter: RateLimiter;
  }
}

export type App = FastifyInstance;

/** Builds the whole HTTP application. Production and tests call this same function. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  const db = options.db ?? openDatabase(config.database);
  const { logger, flush } = createAppLogger(config.logLevel, options.logger);
  const app = Fastify({
    // Fastify's own logger stays off: with one, Fastify times and tracks every response, which
    // was a fifth of a probe's time. Ours is app.log, and each request's request.log is a lazy
    // child of it; registerRequestLog writes one line per request instead of Fastify's two.
    logger: false,
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLoggerFactory(logger),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.log = logger;

  // The API speaks JSON only; a text/plain body (a "simple" cross-site request) gets 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (flush) app.addHook('onClose', async () => flush());
  app.decorate('config', config);
  app.decorate('db', db);
  if (!options.db) app.addHook('onClose', () => db.close());
  const mailer = createMailer(config.mail, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());

  registerErrorHandling(app);

  const securityHeaders = computeSecurityHeaders(config);
  registerSecurityHeaders(app, securityHeaders);
  await app.register(compress, { threshold: 1024 });
  registerAuthentication(app);
  registerAccountExport(app);
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

  await app.register(healthRoutes, { db });

  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  app.decorate('rateLimiter', createRateLimiter(redis));

  // Everything but the probes: the probes stay out of the access log (and so skip the per-response
  // timing that logging needs). New routes belong in here, to be logged.
  await app.register(async (site) => {
    registerRequestLog(site);
    await site.register(
      async (api) => {
        // Cookies are read and set by the API only (sign-in sessions); pages and probes skip the parser.
        await api.register(cookie);
        await api.register(rateLimit, {
          max: config.apiRateLimitPerMinute,
          timeWindow: '1 minute',
          ...(redis ? { redis, nameSpace: 'lexwise-rl:' } : {}),
          errorResponseBuilder: (_request, context) =>
            new AppError(
              429,
              'request.rate_limited',
              `Too many requests. Please wait ${context.after} and try again.`,
              undefined,
              { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
            ),
        });
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        // Each module registers its routes below, under its own prefix.
        await api.register(authRoutes, { prefix: '/auth' });
        await api.register(accountRoutes, { prefix: '/me' });
        await api.register(oauthRoutes, { prefix: '/auth' });
        await api.register(contactRoutes, { prefix: '/contact' });
        await api.register(newsletterRoutes, { prefix: '/newsletter' });
      },
      { prefix: '/api' },
    );

    const web = options.web
      ? await registerWeb(site, options.web, securityHeaders.document)
      : undefined;
    site.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (path === '/api' || path.startsWith('/api/') || !web || !read) {
        return reply.status(404).send(apiNotFound(request.method, path));
      }
      return web.servePage(request, reply);
    });
  });

  return app;
}

/** ioredis is loaded only when Redis is configured: it slows the embedded start-up. */
function connectRedis(url: string): Redis {
  const { Redis: RedisClient } = createRequire(import.meta.url)(
    'ioredis',
  ) as typeof import('ioredis');
  return new RedisClient(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
}
