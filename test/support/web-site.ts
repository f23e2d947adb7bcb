import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { writePage } from '../../src/server/http/page-files';
import { createTestEnvironment } from './databases';

/** A small built site: two pages, the 404 page and a public file, as the build lays them out. */
export function writeSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexwise-site-'));
  const pagesDir = path.join(dir, 'pages');
  const clientDir = path.join(dir, 'client');
  mkdirSync(pagesDir);
  mkdirSync(clientDir);
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body><div id="root"></div></body></html>`;
  writePage(path.join(pagesDir, 'index.html'), page('Home'));
  writePage(path.join(pagesDir, 'contact.html'), page('Contact'));
  writePage(path.join(pagesDir, '404.html'), page('Not found'));
  writeFileSync(
    path.join(pagesDir, 'routes.json'),
    JSON.stringify({ pages: { '/': 'index', '/contact': 'contact' }, notFound: '404' }),
  );
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

/**
 * The app serving the small site above on a fresh SQLite database, with `env` added to its
 * configuration; `close` stops it and removes both. For tests of what pages are served with.
 */
export async function startWithSite(env: Record<string, string> = {}) {
  const environment = await createTestEnvironment('sqlite', env);
  const siteDir = writeSite();
  const web = { pagesDir: path.join(siteDir, 'pages'), clientDir: path.join(siteDir, 'client') };
  const app = await buildApp(environment.config, { db: environment.db, logger: false, web });
  return {
    app,
    config: environment.config,
    async close() {
      await app.close();
      await environment.cleanup();
      rmSync(siteDir, { recursive: true, force: true });
    },
  };
}
