import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers a request on the HTTP server before Fastify routes it, or returns false to leave it. */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts `answers` in front of Fastify on the app's HTTP server (decisions 0147 and 0155): each is
 * asked in turn, and a request that none answers is Fastify's, as every request is once the app
 * is closing (Fastify answers those 503). app.inject never comes here: it reaches Fastify's
 * routes, which answer the same requests with the same status, headers and body.
 * Call it once, on an app that is not yet listening.
 */
export function answerBeforeRouting(app: FastifyInstance, answers: EarlyAnswer[]) {
  const server = app.server;
  const routed = server.listeners('request') as RequestListener[];
  if (routed.length !== 1)
    throw new Error('answerBeforeRouting: expected Fastify alone on the server');
  const fastify = routed[0]!;
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  server.removeListener('request', fastify);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!closing) {
      for (const answer of answers) if (answer(request, response)) return;
    }
    fastify(request, response);
  });
}
