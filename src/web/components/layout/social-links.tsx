import type { ReactNode } from 'react';
import { site } from '../../site';

/** Simple glyphs for the networks site.ts knows; drawn in currentColor at 24 x 24. */
const icons: Record<string, ReactNode> = {
  Facebook: (
    <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.2V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.2-.6.6-.6z" />
  ),
  X: (
    <path
      d="M4 4h4.5l11.5 16h-4.5zM19.5 4 13.6 10.8M4.5 20l5.9-6.8"
      strokeWidth="2"
      stroke="currentColor"
      fill="none"
    />
  ),
  LinkedIn: (
    <path d="M4 9h3.5v11H4zM5.75 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.4v1.6c.5-.9 1.7-1.9 3.5-1.9 3.6 0 4.1 2.3 4.1 5.3V20h-3.5v-5.3c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z" />
  ),
  Instagram: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </g>
  ),
  YouTube: (
    <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z" />
  ),
};

/** The firm's social profiles from configuration; nothing at all when none is set. */
export function SocialLinks() {
  if (site.social.length === 0) return null;
  return (
    <ul className="social-links" aria-label="Follow us">
      {site.social.map(({ label, url }) => (
        <li key={label}>
          <a href={url} rel="me noopener" aria-label={`${site.productName} on ${label}`}>
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="currentColor"
              aria-hidden="true"
              focusable="false"
            >
              {icons[label]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
