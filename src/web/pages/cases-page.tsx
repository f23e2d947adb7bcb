import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { CaseSummary } from '../../shared/cases';
import { PageBanner } from '../components/ui/page-banner';
import { PageLoading } from '../components/ui/page-loading';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import { StatusBadge } from '../features/cases/case-thread';
import { createCasesApi } from '../features/cases/cases-api';
import { formatWhen, stateName } from '../features/cases/labels';

function MyCases() {
  const { session } = useAuth();
  const api = useMemo(() => createCasesApi(session), [session]);
  const [cases, setCases] = useState<CaseSummary[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    api.list().then(
      (answer) => setCases(answer.cases),
      (error: Error) => setFailure(error.message),
    );
  }, [api]);

  return (
    <>
      <PageBanner title="My cases" crumbs={[{ label: 'Home', to: '/' }, { label: 'My cases' }]} />
      <section className="page-section" aria-label="Your questions to the firm">
        <div className="container case-container">
          <p>
            <Link className="btn btn-accent" to="/cases/new">
              Ask a lawyer
            </Link>
          </p>
          {failure ? (
            <p className="alert alert-danger" role="alert">
              {failure}
            </p>
          ) : cases === null ? (
            <PageLoading />
          ) : cases.length === 0 ? (
            <p>You have not asked the firm anything yet.</p>
          ) : (
            <ul className="case-list">
              {cases.map((c) => (
                <li key={c.id} className="case-list-item">
                  <Link to={`/cases/${c.id}`} className="case-list-link">
                    <span className="case-number">{c.number}</span>
                    <span className="case-list-question">{c.question}</span>
                  </Link>
                  <span className="case-list-meta">
                    <StatusBadge status={c.status} /> {stateName(c.state)} · asked{' '}
                    {formatWhen(c.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}

export default function CasesPage() {
  return (
    <RequireAuth>
      <MyCases />
    </RequireAuth>
  );
}
