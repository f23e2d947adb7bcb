import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { useAuth } from './auth-context';
import { loginPathFor } from './safe-next';

/** Shows its page to a signed-in person; sends anyone else to sign in, and back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'unknown') return <PageLoading />;
  if (status === 'signed-out') {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}
