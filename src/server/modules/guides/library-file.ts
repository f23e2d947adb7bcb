// The build parses the guides once and writes them as JSON beside the pages; the server reads
// that file at start-up, which takes milliseconds where parsing the Markdown takes about a second
// (docs/decisions/0071-guides-parsed-at-build.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GuideDocument } from '../../../shared/guides.js';
import type { GuideLibrary } from './loader.js';

export const libraryFileName = 'guides.json';

export function libraryOf(guides: GuideDocument[]): GuideLibrary {
  return { guides, bySlug: new Map(guides.map((guide) => [guide.slug, guide])) };
}

export const emptyGuideLibrary: GuideLibrary = libraryOf([]);

export function writeGuideLibraryFile(distDir: string, library: GuideLibrary): string {
  const file = path.join(distDir, libraryFileName);
  writeFileSync(file, JSON.stringify(library.guides));
  return file;
}

/** The library a build wrote into `distDir`, or undefined when there is none. */
export function readGuideLibraryFile(distDir: string): GuideLibrary | undefined {
  const file = path.join(distDir, libraryFileName);
  if (!existsSync(file)) return undefined;
  return libraryOf(JSON.parse(readFileSync(file, 'utf8')) as GuideDocument[]);
}
