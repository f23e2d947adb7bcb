import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Fastify's serializer compiler for routes whose response schema is zod: the schema is turned
 * into JSON Schema once, at start-up, and compiled into a serializer (fast-json-stringify, what
 * Fastify uses by default). The answers are ours, built from typed values, so they are not parsed
 * again with zod on every request (which cost more than the rest of GET /api/me's own work). The
 * compiled serializer still writes only the schema's properties (a password hash on a row never
 * reaches the client) and throws when a required one is missing (a 500, as a failed parse was).
 */
export function compileResponseSerializer({ schema }: { schema: unknown }) {
  if (!(schema instanceof z.ZodType)) {
    throw new Error('response schemas are zod schemas (src/shared)');
  }
  const jsonSchema: Record<string, unknown> = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
  });
  delete jsonSchema.$schema;
  return fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]);
}
