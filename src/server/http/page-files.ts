import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** A built page, ready to send in whichever encoding the browser accepts. */
export interface Page {
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Writes a page as the build does: the HTML, and beside it its brotli (`.br`) and gzip (`.gz`)
 * forms. Compressing at build time keeps the work (and the best quality) off every start-up.
 */
export function writePage(file: string, html: string) {
  writeFileSync(file, html);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(html, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_MODE]: 1 },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
}

/** Reads a page written by `writePage`. */
export function readPage(file: string): Page {
  const html = readFileSync(file, 'utf8');
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  return { html, etag, br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) };
}

/** The markup of the "Demo mode" banner every page carries while a demo part is live. */
export const demoBanner =
  '<div class="demo-banner" role="note"><p><strong>Demo mode</strong>: checkout is a demonstration; no card is charged.</p></div>';

/**
 * A page with `banner` as the first thing in its body (outside the app's root, so hydration
 * never sees it), compressed again at start-up (faster settings than the build's).
 */
export function withBanner(page: Page, banner: string): Page {
  const html = page.html.replace(/<body([^>]{0,200})>/, (tag) => `${tag}${banner}`);
  return {
    html,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(html, { level: 6 }),
  };
}
