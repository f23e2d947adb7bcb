import { useState } from 'react';
import { Link } from 'react-router';
import { PageBanner } from '../components/ui/page-banner';
import { PlanComparison } from '../features/pricing/plan-comparison';
import { PlanTabs } from '../features/pricing/plan-tabs';
import { PricingFaq } from '../features/pricing/pricing-faq';
import { freeDailyTokens, trialDays, yearlyDiscountPercent, type Plan } from '../../shared/plans';
import { useVisitorStatus } from './use-visitor-status';

export default function PricingPage() {
  const visitor = useVisitorStatus();
  const [notice, setNotice] = useState('');

  // Checkout comes with a later release; until then say so plainly rather than pretend.
  function explainPaidPlansOpenSoon(plan: Plan) {
    setNotice(
      `${plan.name} opens soon: paid plans are not on sale yet, and nothing has been charged. ` +
        `Until then, the Free plan gives you ${freeDailyTokens.toLocaleString('en-US')} tokens a day.`,
    );
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
          <PlanTabs visitor={visitor} onChoosePaidPlan={explainPaidPlansOpenSoon} />
          <p className="plan-notice" role="status">
            {notice}
          </p>
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
