import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import guides from 'virtual:guide-library';
import { guideAreaName, guidePath } from '../shared/guides';
import { App } from './app';
import { findRoute, guidePagePattern, notFoundRoute, routes as appRoutes } from './routes';
import { site } from './site';

/** What the prerenderer needs to describe a guide page as an article. */
export interface ArticleMeta {
  headline: string;
  description: string;
  dateModified: string;
  section: string;
  reviewedBy: string | null;
}

/** Every page to write, with each guide in place of the /guides/:slug pattern. */
export const routes = appRoutes.flatMap((route) =>
  route.path === guidePagePattern
    ? guides.map((guide) => ({
        ...route,
        path: guidePath(guide.slug),
        title: guide.title,
        description: guide.summary,
        article: {
          headline: guide.title,
          description: guide.summary,
          dateModified: guide.lastReviewed,
          section: guideAreaName(guide.area),
          reviewedBy: guide.reviewedBy,
        } satisfies ArticleMeta,
      }))
    : [route],
);

export { guides, notFoundRoute, site };

/** Renders one page to HTML for the prerenderer. */
export async function renderPage(url: string): Promise<string> {
  await findRoute(url).preload(url);
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
