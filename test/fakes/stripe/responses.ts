// Writing the fake's answers: JSON as the API, HTML as the hosted pages.
import type { ServerResponse } from 'node:http';
import { randomId, type StripeApiError } from './objects';

// ---------------------------------------------------------------------------------------------
// HTTP helpers

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': randomId('req', 14),
    ...headers,
  });
  response.end(typeof body === 'string' ? body : JSON.stringify(body, null, 2));
}

export function errorBody(error: StripeApiError) {
  return {
    error: {
      type: error.details.type ?? 'invalid_request_error',
      message: error.message,
      ...(error.details.code ? { code: error.details.code } : {}),
      ...(error.details.param ? { param: error.details.param } : {}),
    },
  };
}

export function sendHtml(response: ServerResponse, status: number, title: string, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main>${body}</main></body></html>`,
  );
}

export function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { location });
  response.end();
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function formatAmount(cents: number, currency: string): string {
  return currency === 'usd'
    ? `$${(cents / 100).toFixed(2)}`
    : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
