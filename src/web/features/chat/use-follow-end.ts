import { useCallback, useLayoutEffect, useRef } from 'react';

/** How close to its end (in pixels) a panel still counts as read at its end. */
const nearEnd = 48;

/**
 * Keeps a scrolling panel (the returned `panel` ref) at its end while what is there grows (an
 * answer streaming in), as long as the person reads at the end: once they scroll up, the panel
 * stays where they put it, and scrolling back to the end follows again. `content` is any value
 * that changes when the panel's content does. `follow` goes to the end and follows from there (a
 * question sent, a chat opened).
 */
export function useFollowEnd(content: unknown) {
  const panel = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  const toEnd = useCallback(() => {
    const element = panel.current;
    if (element) element.scrollTo({ top: element.scrollHeight });
  }, []);

  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onScroll = () => {
      following.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearEnd;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    if (following.current) toEnd();
  }, [content, toEnd]);

  const follow = useCallback(() => {
    following.current = true;
    toEnd();
  }, [toEnd]);

  return { panel, follow };
}
