import { useEffect, useRef } from 'react';

const pending = 'fade-up-pending';
const shown = 'fade-up-shown';

/** True when the element is laid out and at least partly inside the window. */
function isOnScreen(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  const laidOut = rect.width > 0 || rect.height > 0;
  return laidOut && rect.top < window.innerHeight && rect.bottom > 0;
}

/**
 * Fades an element up (CSS classes, 1000 ms) as it enters the screen.
 *
 * The prerendered HTML shows the element as it is, so it reads without JavaScript. After
 * hydration, an element already on screen is left alone (hiding it to fade it in again would
 * flash); one below the fold, or in a hidden tab panel, is hidden until it scrolls or switches
 * into view. People who prefer reduced motion get no animation at all.
 */
export function useFadeUp<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (isOnScreen(element)) return;

    element.classList.add(pending);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        element.classList.add(shown);
        observer.disconnect();
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.classList.remove(pending, shown);
    };
  }, []);
  return ref;
}
