// A small Facebook-compatible server for the calls the app makes in Facebook Login:
//   GET  /dialog/oauth           the login dialog: email and name fields, "Continue" (or "Cancel")
//   POST /dialog/oauth           redirects to redirect_uri with code and state (or error)
//   POST|GET /oauth/access_token code (+ client secret, redirect_uri, PKCE verifier) -> access token
//   GET  /me?fields=...          the person, with a Bearer token (or access_token) and appsecret_proof
//   GET  /healthz
// The user id is stable per email. Facebook says nothing about email verification; neither does this.
//
// Run standalone: node --import tsx test/fakes/facebook.ts <port> [appUrl]
// In tests: const fake = await startFacebookFake({ appUrl }); ... fake.env(); await fake.close();
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  callbackUrl,
  facebookFakeEnv,
  fakeFacebookClient,
  type FakeIdentity,
} from './oauth-clients';
import { escapeHtml } from '../../src/server/html';

/** Who signs in; an empty email stands for a Facebook account that shares none. */
export type FacebookIdentity = FakeIdentity;

export interface FacebookFake {
  url: string;
  port: number;
  /** The app's environment variables that point Facebook sign-in here. */
  env(): Record<string, string>;
  /** Plays the browser: from the dialog URL the app redirected to, to the app's callback URL. */
  signIn(authorizationUrl: string, identity: FacebookIdentity): Promise<string>;
  close(): Promise<void>;
}

/** Facebook ids are numeric strings; this one is stable per email. */
export function facebookIdFor(email: string): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest();
  return `10${hash.readBigUInt64BE(0).toString().padStart(20, '0').slice(0, 15)}`;
}

const dialogParams = ['client_id', 'redirect_uri', 'state', 'code_challenge'] as const;

function dialogPage(params: URLSearchParams): string {
  const hidden = dialogParams
    .map(
      (name) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>Log in with Facebook - local stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head>
<body><main>
<h1>Log in with Facebook</h1>
<p>Local stand-in for Facebook in tests.</p>
<form method="post" action="/dialog/oauth">${hidden}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email">
<label for="first_name">First name</label><input id="first_name" name="first_name">
<label for="last_name">Last name</label><input id="last_name" name="last_name">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
</main></body></html>`;
}

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Facebook's error shape. */
function oauthError(response: ServerResponse, message: string, status = 400) {
  json(response, status, { error: { message, type: 'OAuthException', code: 100 } });
}

export async function startFacebookFake(
  options: { port?: number; appUrl?: string } = {},
): Promise<FacebookFake> {
  const appUrl = options.appUrl ?? 'http://localhost:3000';
  const redirectUri = callbackUrl(appUrl, 'facebook');
  const codes = new Map<
    string,
    { redirectUri: string; challenge: string; identity: FacebookIdentity; expires: number }
  >();
  const tokens = new Map<string, FacebookIdentity>();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('Facebook fake:', error);
      if (!response.headersSent) response.writeHead(500);
      response.end('Facebook fake error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = `${request.method} ${url.pathname}`;

    if (route === 'GET /healthz') return response.end('ok');

    if (route === 'GET /dialog/oauth') {
      const params = url.searchParams;
      const problem =
        params.get('client_id') !== fakeFacebookClient.clientId
          ? 'unknown client_id'
          : params.get('redirect_uri') !== redirectUri
            ? "redirect_uri is not in the app's settings"
            : params.get('response_type') !== 'code'
              ? 'response_type must be code'
              : !params.get('code_challenge') || params.get('code_challenge_method') !== 'S256'
                ? 'PKCE with S256 is required'
                : !params.get('state')
                  ? 'state is required'
                  : undefined;
      if (problem) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end(`Facebook fake: ${problem}`);
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(dialogPage(params));
    }

    if (route === 'POST /dialog/oauth') {
      const form = await readBody(request);
      // The dialog page only ever carries the redirect URI checked when it was shown.
      const target = new URL(redirectUri);
      if (form.get('redirect_uri') !== redirectUri) return oauthError(response, 'bad redirect_uri');
      target.searchParams.set('state', form.get('state') ?? '');
      if (form.get('action') === 'cancel') {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_reason', 'user_denied');
      } else {
        const code = randomBytes(24).toString('base64url');
        codes.set(code, {
          redirectUri,
          challenge: form.get('code_challenge') ?? '',
          identity: {
            email: (form.get('email') ?? '').trim().toLowerCase(),
            givenName: (form.get('first_name') ?? '').trim() || 'Pat',
            familyName: (form.get('last_name') ?? '').trim() || 'Doe',
          },
          expires: Date.now() + 60_000,
        });
        target.searchParams.set('code', code);
      }
      response.writeHead(302, { location: target.toString() });
      return response.end();
    }

    if (url.pathname === '/oauth/access_token') {
      const params = request.method === 'POST' ? await readBody(request) : url.searchParams;
      const code = params.get('code') ?? '';
      const grant = codes.get(code);
      codes.delete(code);
      if (
        params.get('client_id') !== fakeFacebookClient.clientId ||
        params.get('client_secret') !== fakeFacebookClient.clientSecret
      ) {
        return oauthError(response, 'Error validating client secret.');
      }
      if (!grant || grant.expires < Date.now()) {
        return oauthError(response, 'This authorization code has expired or been used.');
      }
      if (params.get('redirect_uri') !== grant.redirectUri) {
        return oauthError(response, 'redirect_uri is not identical to the one in the dialog.');
      }
      const verifier = params.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
        return oauthError(response, 'Invalid code verifier.');
      }
      const accessToken = `EAAfake${randomBytes(24).toString('base64url')}`;
      tokens.set(accessToken, grant.identity);
      return json(response, 200, {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: 5_183_944,
      });
    }

    if (route === 'GET /me') {
      const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const accessToken = bearer ?? url.searchParams.get('access_token') ?? '';
      const identity = tokens.get(accessToken);
      if (!identity) return oauthError(response, 'Invalid OAuth access token.', 401);
      const proof = createHmac('sha256', fakeFacebookClient.clientSecret)
        .update(accessToken)
        .digest('hex');
      if (url.searchParams.get('appsecret_proof') !== proof) {
        return oauthError(response, 'Invalid appsecret_proof provided in the API argument.');
      }
      const id = facebookIdFor(identity.email || identity.givenName);
      const all: Record<string, unknown> = {
        id,
        first_name: identity.givenName,
        last_name: identity.familyName,
        name: `${identity.givenName} ${identity.familyName}`,
        ...(identity.email ? { email: identity.email } : {}),
        picture: {
          data: {
            height: 50,
            width: 50,
            is_silhouette: false,
            url: `https://platform-lookaside.example.test/${id}.jpg`,
          },
        },
      };
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      return json(
        response,
        200,
        Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])),
      );
    }

    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    env: () => facebookFakeEnv(url),
    async signIn(authorizationUrl, identity) {
      const dialog = await fetch(authorizationUrl);
      if (!dialog.ok) throw new Error(`Facebook fake: ${await dialog.text()}`);
      const page = await dialog.text();
      const fields = new URLSearchParams();
      for (const match of page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)) {
        fields.set(match[1]!, match[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
      }
      fields.set('email', identity.email);
      fields.set('first_name', identity.givenName);
      fields.set('last_name', identity.familyName);
      fields.set('action', 'continue');
      const answer = await fetch(`${url}/dialog/oauth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields.toString(),
        redirect: 'manual',
      });
      const location = answer.headers.get('location');
      if (!location) throw new Error(`Facebook fake: no redirect (${answer.status})`);
      return location;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, appUrl] = process.argv.slice(2);
  const fake = await startFacebookFake({ port: Number(port ?? 0), appUrl });
  console.log(`Facebook fake on ${fake.url}`);
}
