import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is the last crumb. */
  to?: string;
}

/**
 * The banner at the top of an inner page: its title and a breadcrumb trail back to Home.
 * The title is the page's only h1.
 */
export function PageBanner({ title, crumbs }: { title: string; crumbs: Crumb[] }) {
  return (
    <section className="page-banner" aria-labelledby="page-title">
      <div className="container">
        <h1 id="page-title" className="page-banner-title">
          {title}
        </h1>
        <nav aria-label="Breadcrumb">
          <ol className="page-breadcrumb">
            {crumbs.map((crumb) => (
              <li key={crumb.label}>
                {crumb.to ? (
                  <Link to={crumb.to}>{crumb.label}</Link>
                ) : (
                  <span aria-current="page">{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </section>
  );
}
