import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageBanner } from '../components/ui/page-banner';
import { useAuth } from '../features/auth/auth-context';
import { createBillingApi } from '../features/billing/billing-api';
import { billingFailureMessage } from '../features/billing/billing-errors';
import { isLiveSubscription } from '../features/billing/billing-status';
import { noPlanChoice, type PlanChoice } from '../features/pricing/plan-card';
import { PlanComparison } from '../features/pricing/plan-comparison';
import { PlanTabs } from '../features/pricing/plan-tabs';
import { PricingFaq } from '../features/pricing/pricing-faq';
import { billingMessages } from '../../shared/billing-messages';
import { trialDays, yearlyDiscountPercent, type Plan } from '../../shared/plans';
import { useHydrated } from '../use-hydrated';

export const checkoutCancelledNotice = 'Checkout cancelled. Nothing was charged.';

export default function PricingPage() {
  const { status: visitor, session } = useAuth();
  const billing = useMemo(() => createBillingApi(session), [session]);
  const [params] = useSearchParams();
  const [choseAgain, setChoseAgain] = useState(false);
  const [failure, setFailure] = useState('');
  const [choice, setChoice] = useState<PlanChoice>(noPlanChoice);

  // Back from the checkout without paying: say so until another plan is chosen. Read once
  // hydrated, since the prerendered page knows no query.
  const hydrated = useHydrated();
  const cancelled = hydrated && !choseAgain && params.get('checkout') === 'cancelled';

  // The signed-in person's trial and current plan, for the cards; the cards read as for anyone
  // until this arrives, and stay so if it fails.
  useEffect(() => {
    if (visitor !== 'signed-in') return;
    let live = true;
    billing.overview().then(
      (overview) => {
        if (!live) return;
        setChoice((state) => ({
          ...state,
          trialAvailable: overview.trialAvailable,
          currentPlanId: isLiveSubscription(overview.subscription)
            ? overview.subscription!.planId
            : null,
        }));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [visitor, billing]);

  // Coming back with the browser's Back button shows this page from its cache, as it was left:
  // the button would still say "Processing...".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setChoice((state) => ({ ...state, pendingPlanId: null }));
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function openCheckout(plan: Plan) {
    if (choice.pendingPlanId) return;
    setChoice((state) => ({ ...state, pendingPlanId: plan.id }));
    setChoseAgain(true);
    setFailure('');
    try {
      const url = await billing.checkout(plan.id);
      // The button stays busy while the browser leaves for the checkout.
      window.location.assign(url);
    } catch (error) {
      setChoice((state) => ({ ...state, pendingPlanId: null }));
      setFailure(billingFailureMessage(error, billingMessages.checkoutFailed));
    }
  }

  return (
    <>
      <PageBanner
        title="Pricing & Plan"
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Pricing' }]}
      />

      <section className="page-section" aria-labelledby="plans-heading">
        <div className="container">
          <div className="section-intro">
            <h2 id="plans-heading" className="section-title">
              Ready to Get Started? Don’t Worry, We’ll Keep You Under Budget
            </h2>
            <p className="section-lead">
              Get started with a {trialDays}-day trial, {yearlyDiscountPercent}% off for the Yearly
              Plan, cancel anytime.
            </p>
          </div>
          <PlanTabs
            visitor={visitor}
            choice={choice}
            onChoosePaidPlan={(plan) => void openCheckout(plan)}
          />
          <p className="plan-notice" role="status">
            {cancelled ? checkoutCancelledNotice : ''}
          </p>
          {failure ? (
            <p className="plan-notice plan-notice-error" role="alert">
              {failure}
            </p>
          ) : null}
          <p className="plan-footnote">
            Prices in US dollars. Every plan gives general legal information from an AI assistant,
            not legal advice. Need a lawyer for your own matter?{' '}
            <Link to="/contact">Contact us</Link>.
          </p>
        </div>
      </section>

      <section className="page-section page-section-alt" aria-labelledby="compare-heading">
        <div className="container">
          <h2 id="compare-heading" className="section-title text-center">
            What each plan includes
          </h2>
          <PlanComparison />
        </div>
      </section>

      <section className="page-section" aria-labelledby="pricing-faq-heading">
        <div className="container narrow">
          <h2 id="pricing-faq-heading" className="section-title text-center">
            Questions about plans
          </h2>
          <PricingFaq />
        </div>
      </section>
    </>
  );
}
