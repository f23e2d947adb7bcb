import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { authSession, type AuthSession, type AuthState } from './auth-session';

const AuthContext = createContext<AuthSession>(authSession);

/** Before hydration (and in the prerenderer) nobody is known: pages render their signed-out look. */
const unknownState: AuthState = { status: 'unknown', user: null };
const getServerState = () => unknownState;

/** Provides the session and restores it once the page has hydrated. */
export function AuthProvider({
  session = authSession,
  children,
}: {
  session?: AuthSession;
  children: ReactNode;
}) {
  useEffect(() => session.start(), [session]);
  return <AuthContext value={session}>{children}</AuthContext>;
}

/** The signed-in person (if any) and the session's actions. */
export function useAuth() {
  const session = use(AuthContext);
  const state = useSyncExternalStore(session.subscribe, session.getState, getServerState);
  return { ...state, session };
}
