import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  oauthProviders,
  providersResponseSchema,
  type OAuthProvider,
} from '../../../../shared/auth.js';
import type { ErrorCode } from '../../../../shared/errors.js';
import { safeNextPath } from '../../../../shared/next-path.js';
import type { Config } from '../../../config.js';
import { notFound } from '../../../errors.js';
import { requestCookie } from '../../../http/request-cookie.js';
import { refreshCookie } from '../refresh-cookie.js';
import {
  flowCookie,
  flowTtlSeconds,
  pkceChallenge,
  randomToken,
  type OAuthFlow,
} from './flow-cookie.js';
import { ProviderError } from './provider-client.js';
import type { OAuthService, SocialSignInFailure } from './service.js';

const providerParams = z.object({ provider: z.string().max(40) });

const startQuery = z.object({ next: z.string().max(2000).optional() });

/** What a provider adds to the callback; extra parameters (scope, authuser, iss...) are ignored. */
const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

type LoginErrorCode = SocialSignInFailure | Extract<ErrorCode, 'request.rate_limited'>;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Social sign-in (docs/decisions/0020-social-sign-in-accounts.md): the login page links to
 * GET /api/auth/oauth/:provider, which sends the browser to the provider; the provider sends it
 * back to the callback, which signs the person in (the refresh cookie) and redirects to `next`.
 * These are browser navigations, so every failure is a redirect to /login?error=<code>.
 * Registered under /api/auth.
 */
export function oauthRoutes({
  config,
  oauth,
}: {
  config: Config;
  oauth: OAuthService;
}): FastifyPluginAsyncZod {
  const cookie = flowCookie(config);
  const sessionCookie = refreshCookie(config);
  return async (api) => {
    const redirectUri = (provider: OAuthProvider) =>
      `${config.site.publicUrl}/api/auth/oauth/${provider}/callback`;

    const knownProvider = (name: string): OAuthProvider => {
      const provider = oauthProviders.find((p) => p === name);
      if (!provider) throw notFound('That sign-in provider');
      return provider;
    };

    const toLogin = (reply: FastifyReply, code: LoginErrorCode) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(`/login?error=${encodeURIComponent(code)}`, 302);

    api.get(
      '/providers',
      {
        schema: {
          summary: 'Which social sign-in providers are configured',
          tags: ['auth'],
          response: { 200: providersResponseSchema },
        },
      },
      async () => oauth.providers(),
    );

    api.get(
      '/oauth/:provider',
      {
        schema: {
          summary: 'Start signing in with a provider (a browser navigation)',
          description:
            'Redirects (302) to the provider, with state, PKCE (S256) and, for Google, a nonce kept in a short-lived encrypted cookie. Failures redirect to /login?error=<code>.',
          tags: ['auth'],
          params: providerParams,
          querystring: startQuery,
        },
      },
      async (request, reply) => {
        const provider = knownProvider(request.params.provider);
        if (!(await oauth.mayStart(request.ip))) return toLogin(reply, 'request.rate_limited');
        const client = oauth.client(provider);
        if (!client) return toLogin(reply, 'auth.provider_unavailable');

        const flow: OAuthFlow = {
          provider,
          state: randomToken(),
          codeVerifier: randomToken(),
          ...(client.usesNonce ? { nonce: randomToken() } : {}),
          next: safeNextPath(request.query.next),
        };
        let location: string;
        try {
          location = await client.authorizationUrl({
            redirectUri: redirectUri(provider),
            state: flow.state,
            codeChallenge: pkceChallenge(flow.codeVerifier),
            nonce: flow.nonce,
          });
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          request.log.warn({ provider, reason: error.message }, 'social sign-in could not start');
          return toLogin(reply, 'auth.provider_failed');
        }
        reply.setCookie(cookie.name, await oauth.sealFlow(flow), {
          ...cookie.options,
          maxAge: flowTtlSeconds,
        });
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );

    api.get(
      '/oauth/:provider/callback',
      {
        schema: {
          summary: 'Where the provider sends the browser back',
          description:
            'Checks state against the flow cookie, redeems the code (with the PKCE verifier), verifies who signed in, signs them in (refresh cookie) and redirects (302) to the `next` path given at the start. Failures redirect to /login?error=<code>.',
          tags: ['auth'],
          params: providerParams,
          querystring: callbackQuery,
        },
      },
      async (request, reply) => {
        const provider = knownProvider(request.params.provider);
        const { code, state, error: providerError } = request.query;
        const sealed = requestCookie(request, cookie.name);
        // One use only, whatever happens next.
        reply.clearCookie(cookie.name, cookie.options);

        const refuse = (reason: string, failure: SocialSignInFailure = 'auth.provider_failed') => {
          request.log.warn({ provider, reason }, 'social sign-in refused');
          return toLogin(reply, failure);
        };

        const flow = sealed ? await oauth.openFlow(sealed) : undefined;
        if (!flow) return refuse('the flow cookie is missing, expired or not ours');
        if (flow.provider !== provider) return refuse('the flow was started with another provider');
        if (!state || !sameSecret(state, flow.state)) return refuse('state does not match');
        if (providerError) return refuse(`the provider answered ${providerError}`);
        if (!code) return refuse('no authorization code');
        const client = oauth.client(provider);
        if (!client) return refuse('provider not configured', 'auth.provider_unavailable');

        try {
          const profile = await client.exchangeCode({
            redirectUri: redirectUri(provider),
            code,
            codeVerifier: flow.codeVerifier,
            nonce: flow.nonce,
          });
          const result = await oauth.signIn(provider, profile, request.headers['user-agent']);
          if ('failure' in result) return refuse(`account rule: ${result.failure}`, result.failure);
          sessionCookie.set(reply, result.refreshToken);
          request.log.info({ provider, userId: result.body.user.id }, 'signed in with a provider');
          return reply.header('cache-control', 'no-store').redirect(flow.next, 302);
        } catch (error) {
          if (error instanceof ProviderError) return refuse(error.message);
          // A browser navigation: a JSON 500 would strand the person on a blank page.
          request.log.error({ provider, err: error }, 'social sign-in failed on our side');
          return toLogin(reply, 'auth.provider_failed');
        }
      },
    );
  };
}
