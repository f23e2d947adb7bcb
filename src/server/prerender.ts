// Writes one HTML file per page of the web app into dist/pages: prerendered pages hold their
// full text; the others hold their head and an empty root the browser renders into.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PublicSiteConfig } from '../shared/site.js';
import { pageFileName, type RouteManifest } from './http/web.js';
import { escapeHtml, jsonForScriptElement } from './html.js';
import { writePage } from './http/page-files.js';
import { libraryOf, writeGuideLibraryFile } from './modules/guides/library-file.js';
import type { GuideDocument } from '../shared/guides.js';
import type { ArticleMeta } from '../web/entry-server.js';

interface RouteMeta {
  path: string;
  title: string;
  description: string;
  prerender: boolean;
  noindex?: boolean;
  /** Set on the guide pages. */
  article?: ArticleMeta;
}

interface ServerEntry {
  routes: RouteMeta[];
  notFoundRoute: RouteMeta;
  site: PublicSiteConfig;
  guides: GuideDocument[];
  renderPage(url: string): Promise<string>;
}

/** schema.org Article structured data for a guide page. */
function articleData(article: ArticleMeta, url: string, site: PublicSiteConfig) {
  const organization = {
    '@type': 'Organization',
    name: site.productName,
    url: `${site.publicUrl}/`,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.headline,
    description: article.description,
    dateModified: article.dateModified,
    articleSection: article.section,
    inLanguage: 'en-US',
    url,
    mainEntityOfPage: url,
    image: `${site.publicUrl}${ogImage.path}`,
    author: organization,
    publisher: organization,
  };
}

function headFor(route: RouteMeta, site: PublicSiteConfig): string {
  const title = escapeHtml(`${route.title} | ${site.productName}`);
  const description = escapeHtml(route.description);
  const rawUrl = `${site.publicUrl}${route.path === '/' ? '/' : route.path}`;
  const url = escapeHtml(rawUrl);
  const article = route.article
    ? [
        `<meta property="article:modified_time" content="${escapeHtml(route.article.dateModified)}" />`,
        `<meta property="article:section" content="${escapeHtml(route.article.section)}" />`,
        `<script type="application/ld+json">${jsonForScriptElement(articleData(route.article, rawUrl, site))}</script>`,
      ]
    : [];
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    route.noindex
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="${route.article ? 'article' : 'website'}" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.productName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${escapeHtml(site.publicUrl)}${ogImage.path}" />`,
    `<meta property="og:image:width" content="${ogImage.width}" />`,
    `<meta property="og:image:height" content="${ogImage.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(ogImage.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...article,
  ].join('\n    ');
}

/** The picture link previews show (public/og-image.jpg). */
const ogImage = {
  path: '/og-image.jpg',
  width: 1200,
  height: 630,
  alt: 'Legal information in plain language from an AI assistant, and a firm of reliable and experienced lawyers',
};

const escapeXml = (value: string) => escapeHtml(value).replace(/'/g, '&apos;');

/** The pages search engines should know: prerendered and not kept out of the index. */
function sitemapFor(routes: RouteMeta[], site: PublicSiteConfig): string {
  const urls = routes
    .filter((route) => route.prerender && !route.noindex)
    .map((route) => `  <url><loc>${escapeXml(`${site.publicUrl}${route.path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

function robotsFor(site: PublicSiteConfig): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${site.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The web app manifest, named after the configured product. */
function manifestFor(site: PublicSiteConfig): string {
  const manifest = {
    name: site.productName,
    short_name: site.productName,
    description:
      'Legal information in plain language from an AI assistant built on guides written from official sources, and a firm of reliable and experienced lawyers.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#13294b',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return JSON.stringify(manifest, null, 2) + '\n';
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
    writePage(path.join(pagesDir, `${file}.html`), page);
    if (route !== entry.notFoundRoute) manifest.pages[route.path] = file;
    console.log(`  ${route.prerender ? 'prerendered' : 'shell      '}  ${route.path}`);
  }
  writeFileSync(path.join(pagesDir, 'routes.json'), JSON.stringify(manifest, null, 2) + '\n');
  // Served as static files beside the assets; they depend on the routes and the public URL.
  const clientDir = path.join(dist, 'client');
  writeFileSync(path.join(clientDir, 'sitemap.xml'), sitemapFor(entry.routes, entry.site));
  writeFileSync(path.join(clientDir, 'robots.txt'), robotsFor(entry.site));
  writeFileSync(path.join(clientDir, 'site.webmanifest'), manifestFor(entry.site));
  console.log('  wrote sitemap.xml, robots.txt and site.webmanifest');
  // The server reads the guides from here at start-up (modules/guides/library-file.ts).
  const libraryFile = writeGuideLibraryFile(dist, libraryOf(entry.guides));
  console.log(
    `  wrote ${path.relative(process.cwd(), libraryFile)} (${entry.guides.length} guides)`,
  );
  // The template is not a page of its own; every page is served from dist/pages.
  rmSync(templateFile);
}

await prerender();
