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
