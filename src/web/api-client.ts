import type { ErrorBody, ErrorCode } from '../shared/errors';

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

/** Sends one request and reads the JSON answer (undefined for an empty 204). */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await fetchApi(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
