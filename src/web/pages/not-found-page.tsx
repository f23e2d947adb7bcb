import { Link, useLocation } from 'react-router';
import { useHydrated } from '../use-hydrated';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  // The prerendered 404 page cannot know which address was asked for.
  const isClient = useHydrated();
  return (
    <section className="page-section not-found" aria-labelledby="not-found-title">
      <div className="container narrow">
        <p className="hero-eyebrow">Error 404</p>
        <h1 id="not-found-title">We couldn’t find that page</h1>
        <p>
          There is nothing at {isClient ? <code>{pathname}</code> : 'this address'}. The link may be
          out of date, or the address may have a typo.
        </p>
        <ul className="not-found-links">
          <li>
            <Link to="/">Go to the home page</Link>
          </li>
          <li>
            <Link to="/pricing">See plans and pricing</Link>
          </li>
          <li>
            <Link to="/contact">Contact us</Link> if you think something is broken
          </li>
        </ul>
      </div>
    </section>
  );
}
