import type { ZodType } from 'zod';
import type { ErrorBody, ErrorCode } from '../shared/errors';
import type { ApiAnswer, ApiBody, ApiParams, ApiRoute } from './api-routes';

/** Failures the client itself names: the network failed, or the answer was not our error shape. */
export type ClientErrorCode = 'network.failed' | 'http.failed';

/** A failed API request: the server's code, message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the page shows when the network itself failed (offline, server down). */
export const networkErrorMessage =
  'We could not reach the server. Check your connection and try again.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** The access token, sent as `Authorization: Bearer`. */
  accessToken?: string | null;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as ErrorBody | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** Sends one request to our API and returns the raw response, or throws an ApiError. */
export async function fetchApi(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // Cookies (the refresh cookie) are first-party only; never sent cross-site.
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network.failed', networkErrorMessage);
  }
  if (response.ok) return response;
  const payload: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(payload)) {
    const { code, message, fields } = payload.error;
    throw new ApiError(response.status, code, message, fields);
  }
  throw new ApiError(
    response.status,
    response.status === 429 ? 'request.rate_limited' : 'http.failed',
    response.status === 429
      ? 'Too many requests. Please wait a moment and try again.'
      : 'Something went wrong on our side. Please try again.',
  );
}

/** How to call one route of ApiRoutes: its body (when it takes one) and the shared options. */
export type CallOptions<R extends ApiRoute> = Omit<RequestOptions, 'method' | 'body'> &
  (ApiBody<R> extends undefined ? { body?: undefined } : { body: ApiBody<R> }) & {
    /**
     * The answer's schema, where a wrong answer must not be used (checkout, the chat's stream):
     * the answer is parsed with it and a mismatch is an ApiError. The caller imports the schema,
     * and with it zod, only where it matters.
     */
    check?: ZodType<ApiAnswer<R>>;
    /** Query parameters, for GET routes that take them; undefined ones are left out. */
    query?: Record<string, string | undefined>;
  };

/** Sends a request and returns the response or throws an ApiError: fetchApi, or a session's. */
export type Fetcher = (path: string, options: RequestOptions) => Promise<Response>;

/**
 * Calls one route of our API ("POST /api/auth/login"), typed by ApiRoutes: the body it takes and
 * the answer it gives (undefined for an empty 204). Throws an ApiError for a failure.
 */
export function callApi<R extends ApiRoute>(
  route: R,
  options: CallOptions<R> & ApiParams<R>,
): Promise<ApiAnswer<R>> {
  return callRoute(fetchApi, route, options);
}

/**
 * callApi through another fetcher (the signed-in session's, which refreshes on a 401). This is
 * the one place in the web app that reads an API answer's JSON: its type is the route's, from
 * the shared schemas, and with `check` it is parsed by that schema too.
 */
export async function callRoute<R extends ApiRoute>(
  fetcher: Fetcher,
  route: R,
  options: CallOptions<R> & ApiParams<R>,
): Promise<ApiAnswer<R>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as NonNullable<RequestOptions['method']>;
  const { check, query, params, ...rest } = options;
  const search = new URLSearchParams(
    Object.entries(query ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ).toString();
  const template = route.slice(space + 1);
  const path =
    (params ? template.replace(':id', encodeURIComponent(params.id)) : template) +
    (search ? `?${search}` : '');
  const response = await fetcher(path, { ...rest, method });
  if (response.status === 204) return undefined as ApiAnswer<R>;
  const text = await response.text();
  const answer: unknown = text ? JSON.parse(text) : undefined;
  if (!check) return answer as ApiAnswer<R>;
  const parsed = check.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError(response.status, 'http.failed', 'The server sent an answer we cannot read.');
  }
  return parsed.data;
}
