import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the sign-in pages: a card on the site's navy band, with a close icon to home. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="auth-page" aria-labelledby="auth-title">
      <div className="container">
        <div className="auth-card card">
          <div className="card-body">
            <Link className="auth-close" to="/" aria-label="Close">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </Link>
            <h1 id="auth-title" className="auth-title">
              {title}
            </h1>
            {lead && <p className="auth-lead">{lead}</p>}
            {children}
          </div>
          {footer && <div className="auth-card-footer">{footer}</div>}
        </div>
      </div>
    </section>
  );
}
