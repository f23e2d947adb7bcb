import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { newsletterMessages } from '../../../shared/newsletter';
import { PageBanner } from '../../components/ui/page-banner';
import { PageLoading } from '../../components/ui/page-loading';
import { ApiError, callApi } from '../../api-client';
import { takeLinkToken } from '../../link-token';

type Action = 'confirm' | 'unsubscribe';

/** A token is spent once: a second render (StrictMode, remount) reuses the first request. */
const requests = new Map<string, Promise<{ message: string }>>();

function follow(action: Action, token: string) {
  const key = `${action}:${token}`;
  let pending = requests.get(key);
  if (!pending) {
    pending = callApi(`POST /api/newsletter/${action}`, { body: { token } });
    requests.set(key, pending);
  }
  return pending;
}

type Outcome = { kind: 'done' | 'failed'; message: string };

/** Follows a confirm or unsubscribe link from a newsletter mail and shows what happened. */
export function NewsletterLink({ action }: { action: Action }) {
  const [token] = useState(takeLinkToken);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    follow(action, token).then(
      ({ message }) => active && setOutcome({ kind: 'done', message }),
      (error: unknown) =>
        active &&
        setOutcome({
          kind: 'failed',
          message:
            error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
        }),
    );
    return () => {
      active = false;
    };
  }, [action, token]);

  const shown: Outcome | null = token
    ? outcome
    : { kind: 'failed', message: newsletterMessages.noToken };
  return (
    <div className="newsletter-link-result">
      <div role="status">
        {shown ? (
          <p className={`alert ${shown.kind === 'done' ? 'alert-success' : 'alert-danger'}`}>
            {shown.message}
          </p>
        ) : null}
      </div>
      {shown ? null : <PageLoading />}
      {shown?.kind === 'failed' && action === 'confirm' ? (
        <p>
          You can subscribe again with the newsletter form at the bottom of this page, or{' '}
          <Link to="/contact">contact us</Link> if the problem persists.
        </p>
      ) : null}
      {shown?.kind === 'failed' && action === 'unsubscribe' ? (
        <p>
          <Link to="/contact">Contact us</Link> and we will remove your address by hand.
        </p>
      ) : null}
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}

const pageTitles: Record<Action, string> = {
  confirm: 'Confirm your subscription',
  unsubscribe: 'Unsubscribe from the newsletter',
};

/** The page a newsletter mail's confirm or unsubscribe link opens. */
export function NewsletterLinkPage({ action }: { action: Action }) {
  return (
    <>
      <PageBanner
        title={pageTitles[action]}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Newsletter' }]}
      />
      <section className="page-section">
        <div className="container narrow">
          <NewsletterLink action={action} />
        </div>
      </section>
    </>
  );
}
