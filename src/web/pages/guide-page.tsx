import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageBanner } from '../components/ui/page-banner';
import {
  askQuestionFor,
  guideAreaName,
  guidePath,
  overviewAnchor,
  type GuideDocument,
} from '../../shared/guides';
import { useAuth } from '../features/auth/auth-context';
import { loginPathFor } from '../features/auth/safe-next';
import { GuideBlocks } from '../features/guides/guide-content';
import {
  CommonQuestions,
  commonQuestionsAnchor,
  FiguresByState,
  figuresAnchor,
} from '../features/guides/guide-extras';
import { loadGuide, slugFromPath, useGuide } from '../features/guides/guide-data';
import { jurisdictionLabel } from '../features/guides/jurisdiction-label';
import { site } from '../site';

/** Loads the guide a path names before the page renders, so a prerendered guide hydrates at once. */
export function preloadData(pathname: string) {
  return loadGuide(slugFromPath(pathname));
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The question the chat opens with when someone asks about a guide. */
function AskAboutThis({ guide }: { guide: GuideDocument }) {
  const { status } = useAuth();
  const chat = `/chatbot?ask=${encodeURIComponent(askQuestionFor(guide))}`;
  // Signed out (or not yet known): sign in first, then the chat opens with the question ready.
  const to = status === 'signed-in' ? chat : loginPathFor(chat);
  return (
    <aside className="guide-ask" aria-labelledby="guide-ask-title">
      <h2 id="guide-ask-title" className="guide-ask-title">
        Questions about your own situation?
      </h2>
      <p>
        The assistant answers from this library of guides and cites them. It is an AI that gives
        general legal information, not legal advice.
      </p>
      <Link className="btn btn-accent" to={to}>
        Ask the assistant about this
      </Link>
    </aside>
  );
}

function GuideNotFound() {
  return (
    <section className="page-section" aria-labelledby="guide-missing-title">
      <div className="container narrow">
        <h1 id="guide-missing-title">We couldn’t find that guide</h1>
        <p>
          The link may be out of date. <Link to="/guides">Browse or search all legal guides</Link>.
        </p>
      </div>
    </section>
  );
}

function GuideArticle({ guide }: { guide: GuideDocument }) {
  const { hash } = useLocation();
  const reviewed = dateFormat.format(new Date(`${guide.lastReviewed}T00:00:00Z`));

  useEffect(() => {
    document.title = `${guide.title} | ${site.productName}`;
  }, [guide.title]);
  // In-app links to a section ("#steps-to-take") land on it, after the route's scroll to the top.
  useEffect(() => {
    if (hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, guide.slug]);

  return (
    <>
      <PageBanner
        title={guide.title}
        crumbs={[
          { label: 'Home', to: '/' },
          { label: 'Legal guides', to: '/guides' },
          { label: guide.title },
        ]}
      />
      <article className="page-section guide" aria-labelledby="page-title">
        <div className="container narrow">
          <p className="guide-meta">
            <Link to={`/guides#${guide.area}`}>{guideAreaName(guide.area)}</Link>
            <span aria-hidden="true"> · </span>
            <span>{jurisdictionLabel(guide.jurisdiction)}</span>
            <span aria-hidden="true"> · </span>
            <span>
              Last reviewed <time dateTime={guide.lastReviewed}>{reviewed}</time>
            </span>
            {guide.reviewedBy && (
              <>
                <span aria-hidden="true"> · </span>
                <span>Reviewed by {guide.reviewedBy}</span>
              </>
            )}
          </p>
          <div className="legal-summary" id={overviewAnchor}>
            <p>{guide.summary}</p>
          </div>
          <p className="guide-notice" role="note">
            <strong>General legal information, not legal advice.</strong> This guide is written from
            the official sources listed at the end. Laws change and differ from place to place. Our
            assistant, which answers from these guides, is an AI, not a lawyer; for advice on your
            own situation, talk to a lawyer.
          </p>
          <GuideBlocks blocks={guide.intro} />

          <nav className="guide-toc" aria-labelledby="guide-toc-title">
            <h2 id="guide-toc-title" className="guide-toc-title">
              On this page
            </h2>
            <ol>
              {guide.sections.map((section) => (
                <li key={section.anchor}>
                  <a href={`#${section.anchor}`}>{section.heading}</a>
                </li>
              ))}
              {guide.facts.length > 0 && (
                <li>
                  <a href={`#${figuresAnchor}`}>Figures by state</a>
                </li>
              )}
              {guide.questions.length > 0 && (
                <li>
                  <a href={`#${commonQuestionsAnchor}`}>Common questions</a>
                </li>
              )}
              <li>
                <a href="#sources">Sources</a>
              </li>
            </ol>
          </nav>

          {guide.sections.map((section) => (
            <section
              key={section.anchor}
              className="guide-section"
              aria-labelledby={section.anchor}
            >
              <h2 id={section.anchor}>{section.heading}</h2>
              <GuideBlocks blocks={section.blocks} />
            </section>
          ))}

          <FiguresByState guide={guide} />
          <CommonQuestions guide={guide} />

          <section className="guide-section guide-sources" aria-labelledby="sources">
            <h2 id="sources">Sources</h2>
            <p>The official pages this guide relies on:</p>
            <ol>
              {guide.sources.map((source) => (
                <li key={source.url}>
                  <a href={source.url} rel="noopener">
                    {source.title}
                  </a>
                </li>
              ))}
            </ol>
          </section>

          <AskAboutThis guide={guide} />

          {guide.related.length > 0 && (
            <nav className="guide-related" aria-labelledby="guide-related-title">
              <h2 id="guide-related-title">Related guides</h2>
              <ul>
                {guide.related.map((related) => (
                  <li key={related.slug}>
                    <Link to={guidePath(related.slug)}>{related.title}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </article>
    </>
  );
}

/** /guides/:slug: one guide, with its sources and a way to ask the assistant about it. */
export default function GuidePage() {
  const { slug = '' } = useParams();
  const guide = useGuide(slug);
  return guide ? <GuideArticle guide={guide} /> : <GuideNotFound />;
}
