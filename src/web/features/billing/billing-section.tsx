import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BillingOverview } from '../../../shared/billing';
import { billingMessages } from '../../../shared/billing-messages';
import { FormMessage, type Notice } from '../../components/form/form-message';
import { createBillingApi, type BillingSession } from './billing-api';
import { billingFailureMessage } from './billing-errors';
import { describeNextCharge, describeSubscriptionStatus } from './billing-status';

export const demoCheckoutNote = 'Demo checkout: no card is charged.';

type Loaded =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; overview: BillingOverview };

/**
 * The account page's billing: the plan, its state in words, the next charge, and the way to the
 * billing portal (cancel, change card, invoices).
 */
export function BillingSection({ session }: { session: BillingSession }) {
  const api = useMemo(() => createBillingApi(session), [session]);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    api.overview().then(
      (overview) => live && setLoaded({ kind: 'ready', overview }),
      () => live && setLoaded({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  // Back from the portal with the browser's Back button: the page comes from its cache as left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function openPortal() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      // The button stays busy while the browser leaves for the portal.
      window.location.assign(await api.portal());
    } catch (error) {
      setBusy(false);
      setNotice({
        kind: 'error',
        text: billingFailureMessage(error, billingMessages.portalFailed),
      });
      requestAnimationFrame(() => messageRef.current?.focus());
    }
  }

  let body;
  if (loaded.kind === 'loading') {
    body = <p className="text-muted">Loading your billing…</p>;
  } else if (loaded.kind === 'failed') {
    body = (
      <div role="alert">
        <p>Your billing could not be loaded.</p>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => {
            setLoaded({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  } else {
    const { overview } = loaded;
    const { subscription } = overview;
    const nextCharge = describeNextCharge(subscription);
    body = (
      <>
        <dl className="billing-facts">
          <div>
            <dt>Plan</dt>
            <dd>{subscription ? subscription.planName : overview.plan.name}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd className={`billing-status billing-status-${subscription?.status ?? 'free'}`}>
              {describeSubscriptionStatus(subscription)}
            </dd>
          </div>
          {nextCharge ? (
            <div>
              <dt>Next payment</dt>
              <dd>{nextCharge}</dd>
            </div>
          ) : null}
        </dl>
        {subscription ? (
          <button
            type="button"
            className="btn btn-primary"
            aria-busy={busy}
            disabled={busy}
            onClick={() => void openPortal()}
          >
            {busy ? 'Processing...' : 'Manage billing'}
          </button>
        ) : (
          <Link className="btn btn-primary" to="/pricing">
            See plans
          </Link>
        )}
        {overview.provider === 'demo' ? (
          <p className="billing-demo-note">{demoCheckoutNote}</p>
        ) : null}
        <FormMessage id="billing-message" notice={notice} ref={messageRef} />
      </>
    );
  }

  return (
    <section aria-labelledby="billing-title">
      <h2 id="billing-title" className="account-section-title">
        Billing
      </h2>
      {body}
    </section>
  );
}
