import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageBanner } from './page-banner';

interface LegalDocumentProps {
  title: string;
  /** Shown as "Last updated"; an ISO date, so the text is the same at build and in the browser. */
  updated: string;
  /** One or two sentences that say what the page is, before the details. */
  summary: ReactNode;
  children: ReactNode;
}

const updatedFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeZone: 'UTC',
});

/** The frame of a legal page: banner, date, a plain summary, the sections, and who to ask. */
export function LegalDocument({ title, updated, summary, children }: LegalDocumentProps) {
  return (
    <>
      <PageBanner title={title} crumbs={[{ label: 'Home', to: '/' }, { label: title }]} />
      <article className="page-section legal-document">
        <div className="container narrow">
          <p className="legal-updated">
            Last updated: <time dateTime={updated}>{updatedFormat.format(new Date(updated))}</time>
          </p>
          <div className="legal-summary">{summary}</div>
          {children}
          <h2>Questions</h2>
          <p>
            If anything here is unclear, <Link to="/contact">contact us</Link> and we will explain
            it.
          </p>
        </div>
      </article>
    </>
  );
}
