// A local OpenID provider standing in for Google, built with the `oidc-provider` package: one
// client (the app, see oauth-clients.ts), authorization code with PKCE required, and a sign-in
// page where the person types an email and a name and presses "Sign in". Every sign-in asks
// again (no remembered session), and the subject is stable per email, so signing in twice with
// one address is the same person. Claims: sub, email, email_verified (true), given_name,
// family_name, name, picture, all in the ID token as Google puts them there.
//
// Run standalone: node --import tsx test/fakes/oidc-provider.ts <port> [appUrl]
//   (appUrl, default http://localhost:3000, is the app's PUBLIC_URL: the redirect URI follows)
// In tests: const fake = await startOidcFake({ appUrl }); ... fake.env(); await fake.close();
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeJwt,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { KoaContext, Provider as ProviderType } from 'oidc-provider';
import { callbackUrl, fakeGoogleClient, googleFakeEnv, type FakeIdentity } from './oauth-clients';
import { escapeHtml } from '../../src/server/html';

// oidc-provider 9 announces on import that it wants Node 22; it works on Node 20 for what this
// fake does (the integration and browser tests are the proof), so that one line is left out.
const { default: Provider, interactionPolicy } = await withoutRuntimeWarning(
  () => import('oidc-provider'),
);

async function withoutRuntimeWarning<T>(load: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}

export interface IdTokenTampering {
  /** Claims to change in the next ID token (undefined removes a claim). */
  claims?: Record<string, unknown>;
  /** Sign it with a key the provider never published. */
  signWithForeignKey?: boolean;
}

export interface OidcFake {
  issuer: string;
  port: number;
  /** The app's environment variables that point Google sign-in here. */
  env(): Record<string, string>;
  /**
   * Plays the browser without one: from the authorization URL the app redirected to, through
   * the sign-in page as `identity`, to the app's callback URL (with code and state) it returns.
   */
  signIn(authorizationUrl: string, identity: FakeIdentity): Promise<string>;
  /** Alters the next ID token the token endpoint returns, re-signed (tests of refusal). */
  tamperNextIdToken(tampering: IdTokenTampering): void;
  close(): Promise<void>;
}

/** A stable subject per email, as Google's `sub` is stable per account. */
export function subjectFor(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 21);
}

function signInPage(uid: string, clientId: string, error?: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>Sign in - Local OpenID provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem}.error{color:#b00020}</style></head>
<body><main>
<h1>Sign in</h1>
<p>Local OpenID provider (a stand-in for Google in tests). Signing in to <strong>${escapeHtml(clientId)}</strong>.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="given_name">First name</label><input id="given_name" name="given_name" required>
<label for="family_name">Last name</label><input id="family_name" name="family_name" required>
<button type="submit">Sign in</button>
</form>
</main></body></html>`;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function signingKey(kid: string): Promise<{ privateJwk: JWK; privateKey: CryptoKey }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateJwk, privateKey };
}

export async function startOidcFake(
  options: { port?: number; appUrl?: string } = {},
): Promise<OidcFake> {
  const appUrl = options.appUrl ?? 'http://localhost:3000';
  const accounts = new Map<string, FakeIdentity>();
  const own = await signingKey('fake-oidc-1');
  const foreign = await signingKey('fake-oidc-1'); // same kid: only the signature can tell
  let tampering: IdTokenTampering | undefined;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('OpenID fake:', error);
      if (!response.headersSent) response.writeHead(500);
      response.end('OpenID fake error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', issuer);
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!interaction) return provider.callback()(request, response);
    const details = await provider.interactionDetails(request, response);
    const clientId = String(details.params.client_id ?? '');
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(signInPage(details.uid, clientId));
    }
    const form = await readForm(request);
    const identity = {
      email: (form.get('email') ?? '').trim().toLowerCase(),
      givenName: (form.get('given_name') ?? '').trim(),
      familyName: (form.get('family_name') ?? '').trim(),
    };
    if (!/^\S+@\S+\.\S+$/.test(identity.email) || !identity.givenName || !identity.familyName) {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(signInPage(details.uid, clientId, 'Type an email and a name.'));
    }
    const accountId = subjectFor(identity.email);
    accounts.set(accountId, identity);
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId, remember: false } },
      { mergeWithLastSubmission: false },
    );
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const policy = interactionPolicy.base();
  // Google shows its account chooser; this fake asks every time, so a test always sees the page.
  policy
    .get('login')!
    .checks.push(
      new interactionPolicy.Check('fake_asks_every_time', 'the fake always asks', (ctx) =>
        ctx.oidc.result?.login ? false : true,
      ),
    );

  const provider: ProviderType = new Provider(issuer, {
    clients: [
      {
        client_id: fakeGoogleClient.clientId,
        client_secret: fakeGoogleClient.clientSecret,
        redirect_uris: [callbackUrl(appUrl, 'google')],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: KoaContext, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
    },
    // Google puts the person's claims in the ID token of the code flow; so does this fake.
    conformIdTokenClaims: false,
    async findAccount(_ctx: KoaContext, sub: string) {
      const identity = accounts.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: identity.email,
          email_verified: true,
          given_name: identity.givenName,
          family_name: identity.familyName,
          name: `${identity.givenName} ${identity.familyName}`,
          picture: `https://avatars.example.test/${sub}.png`,
        }),
      };
    },
    // First-party client: consent is granted without a page, as it is for a Google app the
    // person has used before.
    async loadExistingGrant(ctx: KoaContext) {
      const { client, session, result } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const found = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (found && found.accountId === session.accountId) return found;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [own.privateJwk] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    async renderError(ctx: KoaContext, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><main><h1>Sign-in error</h1><pre>${escapeHtml(
        `${out.error}: ${out.error_description ?? ''}`,
      )}</pre></main></body></html>`;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || ctx.status !== 200 || !tampering) return;
    const body = ctx.body as { id_token?: string };
    if (!body.id_token) return;
    const change = tampering;
    tampering = undefined;
    const claims: JWTPayload = { ...decodeJwt(body.id_token), ...change.claims };
    for (const [name, value] of Object.entries(claims))
      if (value === undefined) delete claims[name];
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-oidc-1', typ: 'JWT' })
      .sign(change.signWithForeignKey ? foreign.privateKey : own.privateKey);
  });

  return {
    issuer,
    port,
    env: () => googleFakeEnv(issuer),
    signIn: (authorizationUrl, identity) =>
      playBrowser(authorizationUrl, identity, callbackUrl(appUrl, 'google')),
    tamperNextIdToken(change) {
      tampering = change;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows the provider's redirects with a cookie jar, answers its sign-in page, and stops at
 * the first redirect to the app's callback.
 */
async function playBrowser(
  authorizationUrl: string,
  identity: FakeIdentity,
  callback: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (next.startsWith(`${callback}?`)) return next;
      url = next;
      init = {};
      continue;
    }
    const page = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`OpenID fake: unexpected page at ${url}: ${page.slice(0, 500)}`);
    url = new URL(action, url).toString();
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: identity.email,
        given_name: identity.givenName,
        family_name: identity.familyName,
      }).toString(),
    };
  }
  throw new Error('OpenID fake: too many redirects');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, appUrl] = process.argv.slice(2);
  const fake = await startOidcFake({ port: Number(port ?? 0), appUrl });
  console.log(`OpenID fake: issuer ${fake.issuer}`);
}
