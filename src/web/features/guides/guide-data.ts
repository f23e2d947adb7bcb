import { use } from 'react';
import loaders from 'virtual:guide-loaders';
import type { GuideDocument } from '../../../shared/guides';

// Each guide is a chunk of its own (scripts/vite-guides-plugin.ts), loaded when its page opens.
const loaded = new Map<string, GuideDocument>();
const pending = new Map<string, Promise<GuideDocument>>();

/** "/guides/eviction#steps-to-take" -> "eviction". */
export function slugFromPath(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}

export function guideExists(slug: string): boolean {
  return Object.hasOwn(loaders, slug);
}

/** Loads a guide's chunk once; resolves to undefined for a slug with no guide. */
export function loadGuide(slug: string): Promise<GuideDocument | undefined> {
  if (!guideExists(slug)) return Promise.resolve(undefined);
  let promise = pending.get(slug);
  if (!promise) {
    promise = loaders[slug]!().then((module) => {
      loaded.set(slug, module.default);
      return module.default;
    });
    pending.set(slug, promise);
  }
  return promise;
}

/** The guide for a slug: at once when loaded (as on a prerendered page), else it suspends. */
export function useGuide(slug: string): GuideDocument | undefined {
  const guide = loaded.get(slug);
  if (guide || !guideExists(slug)) return guide;
  return use(loadGuide(slug));
}
