import { use, type ComponentType } from 'react';

export interface LazyPage {
  Page: ComponentType;
  /**
   * Loads the page's code, and the data it shows at `pathname` when the page has any (a guide);
   * resolves once the page can render without suspending.
   */
  preload(pathname?: string): Promise<void>;
}

interface PageModule {
  default: ComponentType;
  /** Loads what the page shows at a path, so that it renders (and hydrates) at once. */
  preloadData?(pathname: string): Promise<unknown>;
}

/**
 * A page whose code is a separate chunk. Unlike React.lazy, it can be loaded before the first
 * render, so a prerendered page hydrates without falling back to a spinner.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<PageModule> | undefined;
  const loadModule = () =>
    (pending ??= load().then((module) => {
      Loaded = module.default;
      return module;
    }));
  const preload = async (pathname?: string) => {
    const module = await loadModule();
    if (pathname !== undefined) await module.preloadData?.(pathname);
  };
  function Page() {
    if (!Loaded) use(loadModule());
    const Component = Loaded!;
    return <Component />;
  }
  return { Page, preload };
}
