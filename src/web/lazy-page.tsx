import { use, type ComponentType } from 'react';

export interface LazyPage {
  Page: ComponentType;
  /** Loads the page's code; resolves once it can render without suspending. */
  preload(): Promise<void>;
}

/**
 * A page whose code is a separate chunk. Unlike React.lazy, it can be loaded before the first
 * render, so a prerendered page hydrates without falling back to a spinner.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      Loaded = module.default;
    }));
  function Page() {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component />;
  }
  return { Page, preload };
}
