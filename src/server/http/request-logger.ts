import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

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

/**
 * Fastify's childLoggerFactory: a lazy request logger. Fastify passes an empty options object
 * when a route sets no log level or serializers; pino takes a slower path for any options
 * object, so an empty one is dropped.
 */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, Object.keys(options).length > 0 ? options : undefined);
}
