import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '../../shared/errors.js';

/**
 * Requests refused before any route or hook of ours runs: by Fastify's router (a path that does
 * not decode, a parameter over its length) or by Node's HTTP parser (malformed syntax, headers too
 * large, a request that took too long). Left to their defaults, they answered in another JSON
 * shape and without the security headers; here they get the API's error shape and the resource
 * headers like every other answer (docs/decisions/0066-errors-before-routing.md).
 */
const frameworkAnswers: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'request.invalid',
    message: 'The address of the request is not valid.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'request.uri_too_long',
    message: 'A part of the address of the request is too long.',
  },
};

const clientAnswers: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request.timeout',
    message: 'The request took too long to arrive.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'request.headers_too_large',
    message: 'The request headers are too large.',
  },
};
const malformed = {
  status: 400,
  code: 'request.malformed' as ErrorCode,
  message: 'The request is not valid HTTP.',
};

function errorJson(code: ErrorCode, message: string): string {
  return JSON.stringify({ error: { code, message } } satisfies ErrorBody);
}

/** Fastify's `frameworkErrors` option: the router's refusals, as API errors. */
export function frameworkErrorHandler(resourceHeaders: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const answer = frameworkAnswers[error.code] ?? {
      status: 400,
      code: 'request.invalid',
      message: 'The request is not valid.',
    };
    void reply
      .headers(resourceHeaders)
      .header('cache-control', 'no-store')
      .status(answer.status)
      .type('application/json; charset=utf-8')
      .send(errorJson(answer.code, answer.message));
  };
}

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses never becomes a request, so the
 * answer is written to the socket directly, then the connection is closed (as Node itself does).
 */
export function clientErrorHandler(
  resourceHeaders: Record<string, string>,
  log: FastifyBaseLogger,
) {
  const headerLines = Object.entries(resourceHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // A connection reset or already closed has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const answer = (error.code && clientAnswers[error.code]) || malformed;
    log.debug({ code: error.code, status: answer.status }, 'client error');
    if (socket.writable) {
      const body = errorJson(answer.code, answer.message);
      socket.write(
        `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          'cache-control: no-store\r\n' +
          headerLines +
          'connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy();
  };
}

/**
 * Whether a path is the API's, as a client may spell it: any case, doubled slashes. Such a path
 * gets the API's 404 answer rather than the site's 404 page.
 */
export function isApiPath(url: string): boolean {
  const path = (url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/').toLowerCase();
  return path === '/api' || path.startsWith('/api/');
}
