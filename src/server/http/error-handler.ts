import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/errors.js';
import { AppError } from '../errors.js';

const fastifyCodes: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'request.malformed_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'request.malformed_json',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'request.unsupported_media_type',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'request.too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'request.invalid',
    message: 'The Content-Length header does not match the body.',
  },
};

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Field name from a validation path such as "/email" or "email". */
function fieldName(path: string): string {
  return path.replace(/^\/+/, '').replace(/\//g, '.') || 'body';
}

/** Turns every failure into `{ error: { code, message } }` with the right status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= issue.message ?? 'is not valid';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid.';
      return reply.status(400).send(body('request.invalid', message, fields));
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send(body(known.code, known.message));
    if (error.validation) {
      return reply.status(400).send(body('request.invalid', error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('request.invalid', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}

export function apiNotFound(method: string, path: string): ErrorBody {
  return body('route.not_found', `There is no API route ${method} ${path}.`);
}
