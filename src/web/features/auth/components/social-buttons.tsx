import { useEffect, useState } from 'react';
import { fetchProviders, providerSignInUrl, type Providers } from '../auth-api';
import { setSessionHint } from '../session-hint';

let providersRequest: Promise<Providers> | undefined;

/** Asked once per page load; a failure hides the buttons (they are an extra, not the only way in). */
function loadProviders(): Promise<Providers> {
  providersRequest ??= fetchProviders().catch(() => ({ google: false, facebook: false }));
  return providersRequest;
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l7.9-6z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6C6.5 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  );
}

/**
 * "Continue With Google" / "Continue With Facebook", shown only for configured providers.
 * They are plain links: the server runs the provider's flow and comes back to `next` with the
 * session cookie set, so the app's start-up refresh signs the person in.
 */
export function SocialButtons({ next }: { next: string }) {
  const [providers, setProviders] = useState<Providers | null>(null);
  useEffect(() => {
    let active = true;
    void loadProviders().then((value) => active && setProviders(value));
    return () => {
      active = false;
    };
  }, []);
  if (!providers || (!providers.google && !providers.facebook)) return null;
  return (
    <>
      <div className="social-buttons">
        {providers.google && (
          <a
            className="btn btn-social"
            href={providerSignInUrl('google', next)}
            onClick={setSessionHint}
          >
            <GoogleMark />
            <span>Continue With Google</span>
          </a>
        )}
        {providers.facebook && (
          <a
            className="btn btn-social"
            href={providerSignInUrl('facebook', next)}
            onClick={setSessionHint}
          >
            <FacebookMark />
            <span>Continue With Facebook</span>
          </a>
        )}
      </div>
      <p className="auth-divider">
        <span>or</span>
      </p>
    </>
  );
}
