import { useCallback, useLayoutEffect, useRef } from 'react';

/** How close to its end (in pixels) a panel still counts as read at its end. */
const nearEnd = 48;

/**
 * Keeps a scrolling panel (the returned `panel` ref) at its end while what is there grows (an
 * answer streaming in), as long as the person reads at the end: once they scroll up, the panel
 * stays where they put it, and scrolling back to the end follows again. `content` is any value
 * that changes when the panel's content does. `follow` goes to the end and follows from there (a
 * question sent, a chat opened).
 *
 * Whether the person was at the end is read from where the panel is when the content has grown,
 * against its height before: a scroll event arrives a frame later, so a flag set by one would
 * miss a scroll made just before new content.
 */
export function useFollowEnd(content: unknown) {
  const panel = useRef<HTMLDivElement>(null);
  /** The panel's scroll height when the content last changed; 0 follows whatever comes. */
  const heightBefore = useRef(0);

  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const atEnd = element.scrollTop + element.clientHeight >= heightBefore.current - nearEnd;
    if (atEnd) element.scrollTo({ top: element.scrollHeight });
    heightBefore.current = element.scrollHeight;
  }, [content]);

  const follow = useCallback(() => {
    heightBefore.current = 0;
    const element = panel.current;
    if (element) element.scrollTo({ top: element.scrollHeight });
  }, []);

  return { panel, follow };
}
