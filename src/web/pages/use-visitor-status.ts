import { useAuth } from '../features/auth/auth-context';
import type { VisitorStatus } from '../features/pricing/visitor-status';

/**
 * The visitor's sign-in state for the marketing pages: the one place they learn it.
 * 'unknown' until the session is restored (and in the prerendered HTML): show the signed-out look.
 */
export function useVisitorStatus(): VisitorStatus {
  return useAuth().status;
}
