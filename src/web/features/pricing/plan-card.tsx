import { Link } from 'react-router';
import { formatMoney } from '../../../shared/money';
import { describeInterval, isPaidPlan, type Plan } from '../../../shared/plans';
import { useFadeUp } from './use-fade-up';
import type { VisitorStatus } from './visitor-status';

/** Where a signed-out visitor goes to choose a plan: sign in, then come back here. */
export const signInToChoosePlan = '/login?next=%2Fpricing';

interface PlanCardProps {
  plan: Plan;
  visitor: VisitorStatus;
  /** Called when a signed-in visitor chooses a paid plan. */
  onChoosePaidPlan(plan: Plan): void;
}

function PlanAction({ plan, visitor, onChoosePaidPlan }: PlanCardProps) {
  const className = `btn btn-lg w-100 ${plan.popular ? 'btn-accent' : 'btn-outline-primary'}`;
  // Three buttons read the same; the name says which plan each one is for.
  const name = `${plan.buttonLabel}: ${plan.name}`;
  const label = plan.buttonLabel;
  // Until the sign-in state is known, the buttons act as for a visitor: sign in first.
  if (visitor !== 'signed-in') {
    return (
      <Link className={className} to={signInToChoosePlan} aria-label={name}>
        {label}
      </Link>
    );
  }
  if (!isPaidPlan(plan)) {
    return (
      <Link className={className} to="/chatbot" aria-label={name}>
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={name}
      onClick={() => onChoosePaidPlan(plan)}
    >
      {label}
    </button>
  );
}

/** One plan: name, price, allowance, what it includes, and its button. */
export function PlanCard(props: PlanCardProps) {
  const { plan } = props;
  const ref = useFadeUp<HTMLElement>();
  const headingId = `plan-${plan.id}`;
  return (
    <article
      ref={ref}
      className={`plan-card${plan.popular ? ' is-popular' : ''}`}
      aria-labelledby={headingId}
    >
      {plan.popular && <p className="plan-badge">Most popular</p>}
      <h3 id={headingId} className="plan-name">
        {plan.name}
      </h3>
      <p className="plan-price">
        <span className="plan-amount">{formatMoney(plan.priceCents)}</span>{' '}
        <span className="plan-interval">{describeInterval(plan.interval)}</span>
      </p>
      <p className="plan-description">{plan.description}</p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {isPaidPlan(plan) && <p className="plan-trial">{plan.trialDays}-day free trial</p>}
      <div className="plan-action">
        <PlanAction {...props} />
      </div>
    </article>
  );
}
