import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { authMessages } from '../../../shared/auth.js';
import { AppError } from '../../errors.js';
import type { Authenticated, SessionService } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` hook once the Bearer token has been checked. */
    auth: Authenticated | null;
  }
}

const unauthenticated = () =>
  new AppError(401, 'auth.unauthenticated', authMessages.unauthenticated, undefined, {
    'www-authenticate': 'Bearer',
  });

const bearer = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i;

/** The access token an Authorization header carries as `Bearer <token>`, if it does. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? bearer.exec(header.trim()) : null;
  return match ? match[1] : undefined;
}

/** Gives every request an empty `auth`; buildApp calls it once. */
export function registerRequestAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
}

/**
 * The hook a scope of signed-in routes adds (`scope.addHook('onRequest', authenticate)`): it
 * answers 401 auth.unauthenticated unless a valid Bearer token is sent, and sets `request.auth`.
 */
export function createAuthenticate(sessions: SessionService) {
  // A callback hook, not an async one: on SQLite the check is synchronous, and this is the one
  // hook every signed-in request runs, so it makes no promise it does not need.
  return function authenticate(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return done(unauthenticated());
    const settle = (auth: Authenticated | undefined) => {
      if (!auth) return done(unauthenticated());
      request.auth = auth;
      done();
    };
    let answer: ReturnType<SessionService['authenticate']>;
    try {
      answer = sessions.authenticate(token);
    } catch (error) {
      return done(error as Error);
    }
    if (answer instanceof Promise) answer.then(settle, done);
    else settle(answer);
  };
}

export type Authenticate = ReturnType<typeof createAuthenticate>;

/** The signed-in person of a request that passed `authenticate`. */
export function signedIn(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
