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

/** What a response carries: pages (HTML) get the document set, everything else the resource set. */
export interface SecurityHeaders {
  document: Record<string, string>;
  resource: Record<string, string>;
}

/**
 * The headers, computed once at start-up: our policy has no per-request part (no nonces), and
 * helmet recomputing it on every request cost about a tenth of a small route's time.
 *
 * Documents get helmet's full set with the page policy. Every other response (JSON from the API,
 * probes, scripts, images) is never rendered as a page, so it gets the headers that still mean
 * something for it and a policy that lets nothing load or run, stricter than the page's.
 */
export function computeSecurityHeaders(config: Config): SecurityHeaders {
  const document: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) =>
      void (document[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete document[name.toLowerCase()],
    getHeader: (name: string) => document[name.toLowerCase()],
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

  const resource: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  for (const name of resourceHeaderNames) {
    const value = document[name];
    if (value !== undefined) resource[name] = value;
  }
  return { document, resource };
}

/**
 * helmet's headers that also apply to a response that is not a page (OWASP's list for APIs).
 * The others (Cross-Origin-Opener-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) act on documents only.
 */
const resourceHeaderNames = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'referrer-policy',
];

/** Every response starts with the resource set; the page server switches pages to the document set. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers.resource);
    done();
  });
}
