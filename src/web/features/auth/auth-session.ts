import type { SessionResponse, User } from '../../../shared/auth';
import { refreshDelayMs, retryDelayMs } from '../../../shared/session-timing';
import {
  ApiError,
  callApi,
  fetchApi,
  type CallOptions,
  type RequestOptions,
} from '../../api-client';
import type { ApiAnswer, ApiParams, ApiRoute } from '../../api-routes';
import { clearSessionHint, hasSessionHint, setSessionHint } from './session-hint';

export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
}

/** Answers from the refresh route that mean "there is no session to renew". */
function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * The signed-in person, and the access token kept in memory only (never in web storage, so a
 * script injected into the page finds nothing to steal). Renews the token about 5 minutes
 * before it expires and after a reload, and backs off from 30 s to 16 min when renewing fails.
 */
export class AuthSession {
  private state: AuthState = { status: 'unknown', user: null };
  private accessToken: string | null = null;
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failedAttempts = 0;
  private refreshing: Promise<boolean> | undefined;
  private started = false;

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Restores the session after a load or reload; runs once per page load. */
  start() {
    if (this.started) return;
    this.started = true;
    if (hasSessionHint()) void this.refresh();
    else this.setState({ status: 'signed-out', user: null });
  }

  /** Takes a session from login, email verification or a refresh. */
  signIn(session: SessionResponse) {
    this.accessToken = session.accessToken;
    this.failedAttempts = 0;
    setSessionHint();
    this.setState({ status: 'signed-in', user: session.user });
    this.schedule(refreshDelayMs(session.expiresIn));
  }

  updateUser(user: User) {
    if (this.state.status === 'signed-in') this.setState({ status: 'signed-in', user });
  }

  /**
   * Renews the access token with the refresh cookie. Concurrent callers share one request, and
   * tabs take turns (Web Locks) so two tabs never present the same rotating refresh token.
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<boolean> {
    const send = () => callApi('POST /api/auth/refresh', { body: {} });
    try {
      const session = navigator.locks
        ? await navigator.locks.request('auth-refresh', send)
        : await send();
      this.signIn(session);
      return true;
    } catch (error) {
      if (endsSession(error)) {
        this.clear();
        return false;
      }
      // Offline, server busy or rate limited: keep what we have and try again later.
      this.failedAttempts += 1;
      if (this.state.status === 'unknown') this.setState({ status: 'signed-out', user: null });
      this.schedule(retryDelayMs(this.failedAttempts));
      return false;
    }
  }

  /** Ends the session on the server and here. */
  async signOut() {
    try {
      await callApi('POST /api/auth/logout', { body: {}, accessToken: this.accessToken });
    } catch {
      // The cookie may already be gone; the local session ends either way.
    } finally {
      this.clear();
    }
  }

  /** Forgets the session here only (after the server ended it: all devices, deletion). */
  clear() {
    this.accessToken = null;
    this.failedAttempts = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    clearSessionHint();
    this.setState({ status: 'signed-out', user: null });
  }

  /**
   * Calls an API route as the signed-in person. A 401 (the token expired while the tab slept,
   * or the server restarted its keys) is answered by one refresh and one retry.
   */
  async request<R extends ApiRoute>(
    route: R,
    options: CallOptions<R> & ApiParams<R>,
  ): Promise<ApiAnswer<R>> {
    return this.withRetry(() =>
      callApi(route, { ...options, accessToken: this.accessToken } as CallOptions<R> &
        ApiParams<R>),
    );
  }

  /** Like request, but hands back the raw response (downloads). */
  async fetch(path: string, options: RequestOptions = {}): Promise<Response> {
    return this.withRetry(() => fetchApi(path, { ...options, accessToken: this.accessToken }));
  }

  private async withRetry<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      if (!(await this.refresh())) throw error;
      return send();
    }
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), delayMs);
  }

  private setState(next: AuthState) {
    if (next.status === this.state.status && next.user === this.state.user) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The one session of this page. */
export const authSession = new AuthSession();
