import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { RateLimiter } from './http/rate-limiter.js';
import type { Mailer } from './modules/mail/mailer.js';

/** What a module's service works with: the app's shared parts, passed in by its routes. */
export interface ModuleDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}
