import { useCallback, useMemo, useState } from 'react';
import { PageBanner } from '../components/ui/page-banner';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import { createCasesApi } from '../features/cases/cases-api';
import { DeskQueue } from '../features/cases/desk-queue';
import NotFoundPage from './not-found-page';

/** The firm's desk; anyone without the staff role sees the page-not-found page (the API says 404). */
function Desk() {
  const { session } = useAuth();
  const api = useMemo(() => createCasesApi(session), [session]);
  const [hidden, setHidden] = useState(false);
  const hide = useCallback(() => setHidden(true), []);
  if (hidden) return <NotFoundPage />;
  return (
    <>
      <PageBanner title="Desk" crumbs={[{ label: 'Home', to: '/' }, { label: 'Desk' }]} />
      <section className="page-section" aria-label="The queue">
        <div className="container">
          <DeskQueue api={api} onHidden={hide} />
        </div>
      </section>
    </>
  );
}

export default function DeskPage() {
  return (
    <RequireAuth>
      <Desk />
    </RequireAuth>
  );
}
