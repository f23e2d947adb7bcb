import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailOnlyRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  verifyEmailRequestSchema,
} from '../../../shared/auth.js';
import type { Config } from '../../config.js';
import { assertSameOrigin } from '../../http/same-origin.js';
import { refreshCookie } from './refresh-cookie.js';
import type { AuthService, Client } from './service.js';
import type { SessionService } from './sessions.js';

function client(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

const tags = ['auth'];
const cookieNote =
  'Sets the refresh-token cookie (httpOnly, SameSite=Strict; `__Host-` prefixed and Secure in production).';

/**
 * POST /api/auth/*: registration, email verification, sign-in, refresh, sign-out, password reset.
 * The routes alone touch the refresh cookie: the services hand back the token to put in it.
 */
export function authRoutes({
  config,
  auth,
  sessions,
}: {
  config: Config;
  auth: AuthService;
  sessions: SessionService;
}): FastifyPluginAsyncZod {
  const cookie = refreshCookie(config);
  return async (app) => {
    // Answers here carry tokens or depend on who asks: never cache them.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Create an account with email and password; sends a verification email',
          description:
            '409 auth.email_in_use when the address has an account; 400 auth.password_common for a common password; 429 when rate-limited (by IP and by address).',
          body: registerRequestSchema,
          response: { 201: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await auth.register(request.body, client(request));
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/verify-email',
      {
        schema: {
          tags,
          summary: 'Confirm an email address with the token from the emailed link, and sign in',
          description: `400 auth.link_invalid when the token is unknown, used or expired. ${cookieNote}`,
          body: verifyEmailRequestSchema,
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await auth.verifyEmail(request.body.token, client(request));
        cookie.set(reply, session.refreshToken);
        return session.body;
      },
    );

    app.post(
      '/resend-verification',
      {
        schema: {
          tags,
          summary:
            'Send the verification email again (the same answer whether or not the address has an account)',
          body: emailOnlyRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => auth.resendVerification(request.body.email, client(request)),
    );

    app.post(
      '/login',
      {
        schema: {
          tags,
          summary: 'Sign in with email and password',
          description: `401 auth.invalid_credentials for an unknown email or a wrong password; 403 auth.email_not_verified; 429 when rate-limited (by IP and by account). ${cookieNote}`,
          body: loginRequestSchema,
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await auth.login(request.body, client(request));
        cookie.set(reply, session.refreshToken);
        return session.body;
      },
    );

    app.post(
      '/refresh',
      {
        schema: {
          tags,
          summary: 'Exchange the refresh cookie for a new access token (the cookie is rotated)',
          description: `Needs an Origin header equal to the site's (403 request.bad_origin). 401 auth.session_expired when the cookie is missing, expired or revoked; a cookie already used revokes its whole sign-in. ${cookieNote}`,
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        assertSameOrigin(config, request);
        try {
          const session = await sessions.rotate(
            cookie.read(request),
            request.headers['user-agent'],
          );
          cookie.set(reply, session.refreshToken);
          return session.body;
        } catch (error) {
          cookie.clear(reply);
          throw error;
        }
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          tags,
          summary: 'Sign out: revoke this sign-in and clear the refresh cookie',
          description: "Needs an Origin header equal to the site's (403 request.bad_origin).",
          response: { 204: z.null().describe('Signed out') },
        },
      },
      async (request, reply) => {
        assertSameOrigin(config, request);
        await sessions.end(cookie.read(request));
        cookie.clear(reply);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/forgot-password',
      {
        schema: {
          tags,
          summary:
            'Email a password-reset link (the same answer whether or not the address has an account)',
          body: emailOnlyRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => auth.forgotPassword(request.body.email, client(request)),
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags,
          summary: 'Choose a new password with the token from the emailed link',
          description:
            'Also confirms the email address and ends every sign-in of the account. 400 auth.link_invalid when the token is unknown, used or expired.',
          body: resetPasswordRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => auth.resetPassword(request.body, client(request)),
    );
  };
}
