import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False in prerendered HTML and during hydration, true once React runs the page. Forms on
 * prerendered pages keep their submit button disabled until then: a submit before hydration
 * would be a plain HTML post that the JSON API cannot take.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
