import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizePath } from '../../shared/site.js';
import { readPage, withBanner, type Page } from './page-files.js';

/** Where the build put the web app: hashed assets in client/, HTML pages in pages/. */
export interface WebBuild {
  clientDir: string;
  pagesDir: string;
}

/** Written by the prerenderer: each route's page file, and the 404 page. */
export interface RouteManifest {
  pages: Record<string, string>;
  notFound: string;
}

export function findWebBuild(distDir: string): WebBuild | undefined {
  const build = { clientDir: path.join(distDir, 'client'), pagesDir: path.join(distDir, 'pages') };
  return existsSync(path.join(build.pagesDir, 'routes.json')) ? build : undefined;
}

/** "/" -> "index", "/pricing" -> "pricing": the file a route's page is written to. */
export function pageFileName(routePath: string): string {
  return routePath === '/' ? 'index' : routePath.replace(/^\//, '').replace(/\//g, '__');
}

/**
 * Serves the built web app: hashed assets cached for a year, HTML revalidated on every visit.
 * Known routes get their page; unknown ones get the 404 page with a 404 status. Pages carry the
 * document security headers (the page Content-Security-Policy among them).
 */
export async function registerWeb(
  app: FastifyInstance,
  build: WebBuild,
  documentHeaders: Record<string, string>,
  /** Markup put at the top of every page (the "Demo mode" banner), if any. */
  banner?: string,
) {
  const load = (file: string) => (banner ? withBanner(readPage(file), banner) : readPage(file));
  const manifest = JSON.parse(
    readFileSync(path.join(build.pagesDir, 'routes.json'), 'utf8'),
  ) as RouteManifest;
  const pages = new Map(
    Object.entries(manifest.pages).map(([route, file]) => [
      route,
      load(path.join(build.pagesDir, `${file}.html`)),
    ]),
  );
  const notFoundPage = load(path.join(build.pagesDir, `${manifest.notFound}.html`));

  await app.register(fastifyStatic, {
    root: build.clientDir,
    index: false,
    wildcard: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
    reply
      .headers(documentHeaders)
      .header('cache-control', 'no-cache')
      .header('etag', page.etag)
      .header('vary', 'accept-encoding');
    if (status === 200 && request.headers['if-none-match'] === page.etag) {
      return reply.status(304).send();
    }
    reply.status(status).type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  }

  return {
    /** Answers a GET for a page; called for paths no other route claimed. */
    servePage(request: FastifyRequest, reply: FastifyReply) {
      let pathname: string;
      try {
        pathname = normalizePath(decodeURIComponent(request.url.split('?')[0] ?? '/'));
      } catch {
        return sendPage(request, reply, notFoundPage, 404);
      }
      const page = pages.get(pathname);
      return page
        ? sendPage(request, reply, page, 200)
        : sendPage(request, reply, notFoundPage, 404);
    },
  };
}
