import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Footer } from './components/layout/footer';
import { Navbar } from './components/layout/navbar';
import { PageLoading } from './components/ui/page-loading';
import { AuthProvider } from './features/auth/auth-context';
import { findRoute, notFoundRoute, routes } from './routes';
import { site } from './site';

/** Keeps the document title and scroll position in step with the route. */
function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${findRoute(pathname).title} | ${site.productName}`;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <AuthProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <RouteEffects />
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            {routes.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<notFoundRoute.Page />} />
          </Routes>
        </Suspense>
      </main>
      <Footer />
    </AuthProvider>
  );
}
