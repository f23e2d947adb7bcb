import { useEffect, useRef } from 'react';

const pending = 'fade-up-pending';
const shown = 'fade-up-shown';

/**
 * Fades an element up (CSS classes, 1000 ms) as it enters the screen.
 *
 * The prerendered HTML shows the element as it is, so it reads without JavaScript. After
 * hydration, an element already on screen is left alone (hiding it to fade it in again would
 * flash); one below the fold, or in a hidden tab panel, is hidden until it scrolls or switches
 * into view. People who prefer reduced motion get no animation at all. The observer's first
 * report says where the element is, so nothing here forces a layout.
 */
export function useFadeUp<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;

    let first = true;
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((entry) => entry.isIntersecting);
      if (first) {
        first = false;
        if (visible) return observer.disconnect();
        element.classList.add(pending);
      } else if (visible) {
        element.classList.add(shown);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.classList.remove(pending, shown);
    };
  }, []);
  return ref;
}
