// Writes one HTML file per page of the web app into dist/pages: prerendered pages hold their
// full text; the others hold their head and an empty root the browser renders into.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PublicSiteConfig } from '../shared/site.js';
import { pageFileName, type RouteManifest } from './http/web.js';

interface RouteMeta {
  path: string;
  title: string;
  description: string;
  prerender: boolean;
  noindex?: boolean;
}

interface ServerEntry {
  routes: RouteMeta[];
  notFoundRoute: RouteMeta;
  site: PublicSiteConfig;
  renderPage(url: string): Promise<string>;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headFor(route: RouteMeta, site: PublicSiteConfig): string {
  const title = escapeHtml(`${route.title} | ${site.productName}`);
  const description = escapeHtml(route.description);
  const url = escapeHtml(`${site.publicUrl}${route.path === '/' ? '/' : route.path}`);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    route.noindex
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.productName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
  ].join('\n    ');
}

async function prerender() {
  const dist = fileURLToPath(new URL('../', import.meta.url));
  const templateFile = path.join(dist, 'client', 'index.html');
  const template = readFileSync(templateFile, 'utf8');
  const entry = (await import(
    pathToFileURL(path.join(dist, 'ssr', 'entry-server.js')).href
  )) as ServerEntry;

  const pagesDir = path.join(dist, 'pages');
  rmSync(pagesDir, { recursive: true, force: true });
  mkdirSync(pagesDir, { recursive: true });

  const manifest: RouteManifest = { pages: {}, notFound: '404' };
  for (const route of [...entry.routes, entry.notFoundRoute]) {
    const html = route.prerender ? await entry.renderPage(route.path) : '';
    const file = route === entry.notFoundRoute ? '404' : pageFileName(route.path);
    const page = template
      .replace('<!--page-head-->', headFor(route, entry.site))
      .replace('<!--page-html-->', html);
    writeFileSync(path.join(pagesDir, `${file}.html`), page);
    if (route !== entry.notFoundRoute) manifest.pages[route.path] = file;
    console.log(`  ${route.prerender ? 'prerendered' : 'shell      '}  ${route.path}`);
  }
  writeFileSync(path.join(pagesDir, 'routes.json'), JSON.stringify(manifest, null, 2) + '\n');
  // The template is not a page of its own; every page is served from dist/pages.
  rmSync(templateFile);
}

await prerender();
