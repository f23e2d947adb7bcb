import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Footer } from './components/layout/footer';
import { Navbar } from './components/layout/navbar';
import { PageLoading } from './components/ui/page-loading';
import { AuthProvider, useAuth } from './features/auth/auth-context';
import { NewsletterForm } from './features/newsletter/newsletter-form';
import { findRoute, notFoundRoute, routes } from './routes';
import { site } from './site';

/**
 * Keeps the document title and scroll position in step with the route. A new route starts at the
 * top; the first page is left where the visitor has scrolled it (before hydration, or back to
 * where they were on a reload).
 */
function RouteEffects() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    document.title = `${findRoute(pathname).title} | ${site.productName}`;
    if (pathname !== firstPath.current) {
      firstPath.current = '';
      window.scrollTo(0, 0);
    }
  }, [pathname]);
  return null;
}

/**
 * The navbar with what it needs from the session. Until the session is known (and in the
 * prerendered HTML) it shows its signed-out look.
 */
function SiteNavbar() {
  const { status, session } = useAuth();
  return <Navbar signedIn={status === 'signed-in'} onSignOut={() => session.signOut()} />;
}

/** The footer, whose Account links follow the session like the navbar's. */
function SiteFooter() {
  const { status } = useAuth();
  return <Footer newsletter={<NewsletterForm />} signedIn={status === 'signed-in'} />;
}

const nothing = () => {};

/**
 * Runs `then` once the page under it is first committed. React hydrates a Suspense boundary's
 * content after the rest of the app, so this sits inside the page's boundary. It wraps the routes
 * rather than sitting beside them: a sibling would change the page's useId values, which must
 * match the prerendered HTML's.
 */
function OnPageCommitted({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(then, [then]);
  return children;
}

/** The whole app. `onPageHydrated` runs once the first page is live (see main.tsx). */
export function App({ onPageHydrated = nothing }: { onPageHydrated?: () => void }) {
  return (
    <AuthProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <RouteEffects />
      <SiteNavbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <OnPageCommitted then={onPageHydrated}>
            <Routes>
              {routes.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              <Route path="*" element={<notFoundRoute.Page />} />
            </Routes>
          </OnPageCommitted>
        </Suspense>
      </main>
      <SiteFooter />
    </AuthProvider>
  );
}
