import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { RateLimiter } from './http/rate-limiter.js';
import type { ServerKeys } from './keys.js';
import type { MailOutbox } from './modules/mail/outbox.js';

/**
 * What every module's service is made with: built once by buildApp and handed to each
 * `createXService(deps)` (a module that needs another module's service takes it as a second
 * argument). Services never see a request or a reply; they take typed values and return values.
 */
export interface ModuleDeps {
  config: Config;
  db: Db;
  /** Where modules write outgoing mail, in the transaction of its cause. */
  mailOutbox: MailOutbox;
  rateLimiter: RateLimiter;
  /** The app's logger. Each request's own line (with its id) is written by the request log. */
  log: FastifyBaseLogger;
  keys: ServerKeys;
}
