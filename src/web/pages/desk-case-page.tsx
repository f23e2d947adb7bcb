import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PageBanner } from '../components/ui/page-banner';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import { createCasesApi } from '../features/cases/cases-api';
import { DeskCaseView } from '../features/cases/desk-case';
import NotFoundPage from './not-found-page';

function DeskCase() {
  const { id = '' } = useParams();
  const { session } = useAuth();
  const api = useMemo(() => createCasesApi(session), [session]);
  const [hidden, setHidden] = useState(false);
  const [number, setNumber] = useState<string | null>(null);
  const hide = useCallback(() => setHidden(true), []);
  if (hidden) return <NotFoundPage />;
  const title = number ? `Case ${number}` : 'Case';
  return (
    <>
      <PageBanner
        title={title}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Desk', to: '/desk' }, { label: title }]}
      />
      <section className="page-section" aria-label="The case">
        <div className="container">
          <DeskCaseView api={api} caseId={id} onHidden={hide} onLoaded={setNumber} />
        </div>
      </section>
    </>
  );
}

export default function DeskCasePage() {
  return (
    <RequireAuth>
      <DeskCase />
    </RequireAuth>
  );
}
