/**
 * The app's registration at the local stand-ins for Google and Facebook: one place for the
 * fakes, the integration tests and playwright.config.ts to agree on ids, secrets and endpoints.
 */
export const fakeGoogleClient = {
  clientId: 'lexwise-test-google',
  clientSecret: 'lexwise-test-google-secret-0123456789abcdef',
} as const;

export const fakeFacebookClient = {
  clientId: '100000000000001',
  clientSecret: 'lexwise-test-facebook-secret-0123456789abcdef',
} as const;

/** The app's environment for Google through the local OpenID provider at `issuer`. */
export function googleFakeEnv(issuer: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: fakeGoogleClient.clientId,
    GOOGLE_CLIENT_SECRET: fakeGoogleClient.clientSecret,
    GOOGLE_ISSUER: issuer,
  };
}

/** The app's environment for Facebook through the local stand-in at `baseUrl`. */
export function facebookFakeEnv(baseUrl: string): Record<string, string> {
  return {
    FACEBOOK_CLIENT_ID: fakeFacebookClient.clientId,
    FACEBOOK_CLIENT_SECRET: fakeFacebookClient.clientSecret,
    FACEBOOK_AUTHORIZATION_URL: `${baseUrl}/dialog/oauth`,
    FACEBOOK_TOKEN_URL: `${baseUrl}/oauth/access_token`,
    FACEBOOK_GRAPH_URL: baseUrl,
  };
}

/** The callback the app registers with a provider (its PUBLIC_URL plus the route). */
export function callbackUrl(appUrl: string, provider: 'google' | 'facebook'): string {
  return `${appUrl.replace(/\/+$/, '')}/api/auth/oauth/${provider}/callback`;
}

/** Who signs in at a fake provider. */
export interface FakeIdentity {
  email: string;
  givenName: string;
  familyName: string;
}
