import { useCallback, useMemo, useState } from 'react';
import { PageBanner } from '../components/ui/page-banner';
import { createAdminApi } from '../features/admin/admin-api';
import { Console } from '../features/admin/console';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import '../features/cases/cases.scss';
import NotFoundPage from './not-found-page';

/** The console for admins; anyone else sees the page-not-found page (the API says 404). */
function Admin() {
  const { session } = useAuth();
  const api = useMemo(() => createAdminApi(session), [session]);
  const [hidden, setHidden] = useState(false);
  const hide = useCallback(() => setHidden(true), []);
  if (hidden) return <NotFoundPage />;
  return (
    <>
      <PageBanner title="Console" crumbs={[{ label: 'Home', to: '/' }, { label: 'Console' }]} />
      <section className="page-section" aria-label="Running the site">
        <div className="container">
          <Console api={api} onHidden={hide} />
        </div>
      </section>
    </>
  );
}

export default function AdminPage() {
  return (
    <RequireAuth>
      <Admin />
    </RequireAuth>
  );
}
