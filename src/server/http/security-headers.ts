import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** The Content-Security-Policy: our own origin only, no inline script or style. */
export function contentSecurityPolicy(config: Config) {
  const mapUrl = config.site.contact.mapEmbedUrl;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    // The contact page may embed a map from one configured origin; nothing else is framed.
    frameSrc: mapUrl ? [new URL(mapUrl).origin] : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    manifestSrc: ["'self'"],
    ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * helmet's headers, computed once at start-up: our policy has no per-request part (no nonces),
 * and recomputing it on every request cost about a tenth of a small route's time.
 */
export function computeSecurityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) =>
      void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  const request = { headers: {} } as IncomingMessage;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts:
      config.env === 'production'
        ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
        : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  })(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = computeSecurityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
