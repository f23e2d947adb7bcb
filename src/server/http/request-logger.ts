import type { FastifyBaseLogger } from 'fastify';
import { pino, type Bindings, type ChildLoggerOptions, type LogFn, type Logger } from 'pino';
import { redactedLogPaths } from './request-log.js';

/**
 * A request's logger, made on its first use. Fastify gives every request a child of the app's
 * logger; pino serializes the child's bindings when it is made, and under load that showed in
 * profiles for requests that never log (the health probes). The child, once made, is the same
 * pino child Fastify would have made, with the request id bound.
 */
export class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions | undefined,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.#logger ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#logger?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  // The log methods live on the prototype: a request's logger is one small object.
  static {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
      RequestLogger.prototype[level] = function (this: RequestLogger, ...args: unknown[]) {
        const logger = this.logger;
        Reflect.apply(logger[level], logger, args);
      };
    }
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** How buildApp logs: the default (JSON lines on stdout), off, or to a stream at a level. */
export type LoggerOption = boolean | { level: string; stream?: NodeJS.WritableStream };

/**
 * Where the access log's lines go: the app logger's own destination, at the logger's level
 * (src/server/http/request-log.ts writes them already serialized, as pino would).
 */
export interface AccessLog {
  logger: Logger;
  write(line: string): void;
}

/**
 * The app's pino logger. By default lines go to stdout asynchronously (a synchronous write per
 * line was the largest cost of a small request), the lines of one turn of the event loop as one
 * write: the destination measures what it holds on every write, which under load cost more than
 * making the line. `flush` writes what is pending, on close; on exit it is written too.
 */
export function createAppLogger(
  level: string,
  option: LoggerOption = true,
): { logger: Logger; accessLog: AccessLog; flush?: () => void } {
  const options = { level, redact: { paths: redactedLogPaths, censor: '[redacted]' } };
  if (option === false) {
    const logger = pino({ level: 'silent' });
    return { logger, accessLog: { logger, write: () => undefined } };
  }
  if (option !== true) {
    const stream = option.stream ?? process.stdout;
    const logger = pino({ ...options, level: option.level }, stream);
    return { logger, accessLog: { logger, write: (line) => void stream.write(line) } };
  }
  const destination = pino.destination({ dest: 1, sync: false });
  const lines = linesByTurn(destination);
  // Before pino's own exit handler, which writes out what the destination holds.
  process.prependListener('exit', lines.flush);
  const logger = pino(options, lines);
  return {
    logger,
    accessLog: { logger, write: (line) => void lines.write(line) },
    flush: () => {
      process.removeListener('exit', lines.flush);
      lines.flush();
      destination.flushSync();
    },
  };
}

/** Gathers the lines written in one turn of the event loop and writes them on as one. */
export function linesByTurn(destination: { write(text: string): unknown }) {
  let pending = '';
  let scheduled = false;
  function flush() {
    scheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    destination.write(text);
  }
  return {
    write(line: string): boolean {
      pending += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
    flush,
  };
}

/**
 * Fastify's childLoggerFactory: each request's logger is a lazy child of `root`. Fastify passes
 * an empty options object when a route sets no log level or serializers; pino takes a slower
 * path for any options object, so an empty one is dropped.
 */
export function requestLoggerFactory(root: FastifyBaseLogger) {
  return (_parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
    new RequestLogger(root, bindings, Object.keys(options).length > 0 ? options : undefined);
}
