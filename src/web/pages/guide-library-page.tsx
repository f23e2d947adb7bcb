import catalog from 'virtual:guide-catalog';
import { Link } from 'react-router';
import { PageBanner } from '../components/ui/page-banner';
import { guideAreas, guidePath, jurisdictionCode } from '../../shared/guides';
import { useAuth } from '../features/auth/auth-context';
import { GuideSearch } from '../features/guides/guide-search';
import { jurisdictionLabel } from '../features/guides/jurisdiction-label';

const areasWithGuides = guideAreas
  .map((area) => ({ ...area, guides: catalog.filter((guide) => guide.area === area.id) }))
  .filter((area) => area.guides.length > 0);

/** /guides: the library by area, and a search across it. */
export default function GuideLibraryPage() {
  const { user } = useAuth();
  const jurisdiction = user
    ? jurisdictionCode(user.jurisdiction.country, user.jurisdiction.region)
    : null;
  return (
    <>
      <PageBanner
        title="Legal guides"
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Legal guides' }]}
      />
      <section className="page-section guide-library" aria-label="Search and browse">
        <div className="container">
          <div className="guide-library-intro">
            <p className="section-lead">
              Plain-language guides to the legal questions people most often have in the United
              States. Each one is written from official sources (statutes, courts and government
              agencies), lists them, and shows the date it was last reviewed. They give general
              legal information, not legal advice: the rules differ from state to state, and each
              guide says where.
            </p>
            <GuideSearch jurisdiction={jurisdiction} />
          </div>

          <nav className="guide-area-nav" aria-label="Areas of law">
            <h2 className="guide-area-nav-title">Browse by area</h2>
            <ul>
              {areasWithGuides.map((area) => (
                <li key={area.id}>
                  <a href={`#${area.id}`}>
                    {area.name} <span className="visually-hidden">(</span>
                    <span className="guide-count">{area.guides.length}</span>
                    <span className="visually-hidden"> guides)</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          {areasWithGuides.map((area) => (
            <section
              key={area.id}
              id={area.id}
              className="guide-area"
              aria-labelledby={`${area.id}-heading`}
            >
              <h2 id={`${area.id}-heading`} className="guide-area-title">
                {area.name}
              </h2>
              <ul className="guide-cards">
                {area.guides.map((guide) => (
                  <li key={guide.slug} className="guide-card">
                    <h3 className="guide-card-title">
                      <Link to={guidePath(guide.slug)}>{guide.title}</Link>
                    </h3>
                    <p className="guide-card-summary">{guide.summary}</p>
                    <p className="guide-card-meta">{jurisdictionLabel(guide.jurisdiction)}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
    </>
  );
}
