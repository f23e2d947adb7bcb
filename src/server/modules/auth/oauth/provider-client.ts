import type { z } from 'zod';
import { emailSchema, type OAuthProvider } from '../../../../shared/auth.js';
import { visibleName } from '../../../../shared/text.js';

/** Who the provider says signed in. */
export interface ProviderProfile {
  /** The provider's stable id for the person (OpenID `sub`, Facebook's user id). */
  subject: string;
  /** Lower-cased, or null when the provider gave none (or one we cannot use). */
  email: string | null;
  /** True only when the provider vouches that the person controls `email`. */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  /** An https URL, or null. */
  picture: string | null;
}

/** What one sign-in needs to remember between the redirect out and the callback. */
export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  /** S256 PKCE challenge of the verifier kept in the flow cookie. */
  codeChallenge: string;
  /** OpenID providers only. */
  nonce?: string;
}

export interface CodeExchange {
  redirectUri: string;
  code: string;
  codeVerifier: string;
  nonce?: string;
}

/** A social sign-in provider as the routes see it. */
export interface ProviderClient {
  id: OAuthProvider;
  /** Whether the flow cookie must carry a nonce for the ID token. */
  usesNonce: boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Redeems the code and returns the verified profile; throws ProviderError on any failure. */
  exchangeCode(exchange: CodeExchange): Promise<ProviderProfile>;
}

/** A provider answered badly, or not at all. `reason` goes to the log, never to the person. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
  }
}

export const providerTimeoutMs = 10_000;

/**
 * Calls a provider endpoint and validates its JSON answer. Anything but a 2xx answer of the
 * expected shape, within the time limit, is a ProviderError.
 */
export async function fetchProviderJson<T extends z.ZodType>(
  what: string,
  url: string | URL,
  init: RequestInit,
  schema: T,
): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(providerTimeoutMs),
    });
  } catch (error) {
    throw new ProviderError(`${what}: request failed`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new ProviderError(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError(`${what}: the answer is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProviderError(
      `${what}: unexpected answer (${issue?.path.join('.') || 'body'}: ${issue?.message})`,
    );
  }
  return parsed.data;
}

/** A picture URL worth keeping: https only (the profile API accepts no other), bounded. */
export function acceptablePicture(url: string | undefined | null): string | null {
  if (!url || url.length > 1000) return null;
  return URL.parse(url)?.protocol === 'https:' ? url : null;
}

/** A name part from a provider: trimmed, bounded as the profile API bounds it, else null. */
export function acceptableName(name: string | undefined | null): string | null {
  // A provider's name is shown as it is: no control characters (PostgreSQL refuses NUL) and no
  // invisible format characters (a right-to-left override, a zero-width space).
  const trimmed = name ? visibleName(name) : null;
  return trimmed ? trimmed.slice(0, 80) : null;
}

/** A provider's email, normalised as our own sign-up does it; null when it would not pass. */
export function acceptableEmail(email: string | undefined | null): string | null {
  const parsed = emailSchema.safeParse(email ?? '');
  return parsed.success ? parsed.data : null;
}
