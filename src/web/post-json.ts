import type { ErrorBody } from '../shared/errors';

/** A request our API refused, or that never reached it; `message` is for people. */
export class RequestFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RequestFailure';
  }
}

/** POSTs JSON to our API and reads the JSON answer, or throws a RequestFailure. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new RequestFailure(0, 'We could not reach the server. Check your connection.');
  }
  const payload = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return payload as T;
  const error = (payload as ErrorBody | undefined)?.error;
  if (typeof error?.message === 'string') {
    throw new RequestFailure(response.status, error.message, error.fields);
  }
  throw new RequestFailure(
    response.status,
    response.status === 429
      ? 'Too many requests. Please wait a moment.'
      : 'Something went wrong on our side.',
  );
}
