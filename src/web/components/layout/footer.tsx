import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { site } from '../../site';
import { Logo } from './logo';
import { SocialLinks } from './social-links';

/**
 * The site's footer; the app shell hands it the newsletter form to show and whether someone is
 * signed in (its Account links follow the session, as the navbar's do).
 */
export function Footer({ newsletter, signedIn }: { newsletter: ReactNode; signedIn: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row gy-4">
          <div className="col-12 col-md-6 col-lg-5">
            <Link className="footer-brand" to="/">
              <Logo size={36} />
              <span>{site.productName}</span>
            </Link>
            <p className="footer-tagline">
              Clear legal information, fast, from an AI assistant built on guides written from
              official sources, and a firm of lawyers to ask when you need advice.
            </p>
            <SocialLinks />
          </div>
          <nav className="col-6 col-md-3 col-lg-2" aria-label="Account">
            <h2 className="footer-heading">Account</h2>
            <ul className="list-unstyled footer-links">
              {signedIn ? (
                <>
                  <li>
                    <Link to="/chatbot">Chatbot</Link>
                  </li>
                  <li>
                    <Link to="/account">Your account</Link>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <Link to="/login">Sign in</Link>
                  </li>
                  <li>
                    <Link to="/signup">Register</Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
          <nav className="col-6 col-md-3 col-lg-2" aria-label="Company">
            <h2 className="footer-heading">Company</h2>
            <ul className="list-unstyled footer-links">
              <li>
                <Link to="/guides">Legal guides</Link>
              </li>
              <li>
                <Link to="/contact">Contact</Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-3 col-lg-2" aria-label="Legal">
            <h2 className="footer-heading">Legal</h2>
            <ul className="list-unstyled footer-links">
              <li>
                <Link to="/terms">Terms of Use</Link>
              </li>
              <li>
                <Link to="/privacy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/disclaimer">Disclaimer</Link>
              </li>
              <li>
                <Link to="/accuracy">How accurate the assistant is</Link>
              </li>
            </ul>
          </nav>
          <div className="col-12 col-md-9 col-lg-6 col-xl-5">{newsletter}</div>
        </div>
        <p className="footer-copyright">
          <span suppressHydrationWarning>
            © {year} {site.productName}.
          </span>{' '}
          All rights reserved. {site.productName} gives legal information, not legal advice.
        </p>
      </div>
    </footer>
  );
}
