import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app';
import { findRoute, notFoundRoute, routes } from './routes';
import { site } from './site';

export { routes, notFoundRoute, site };

/** Renders one page to HTML for the prerenderer. */
export async function renderPage(url: string): Promise<string> {
  await findRoute(url).preload();
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
