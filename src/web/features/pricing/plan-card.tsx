import { Link } from 'react-router';
import { formatMoney } from '../../../shared/money';
import { describeInterval, isPaidPlan, type Plan } from '../../../shared/plans';
import { useFadeUp } from './use-fade-up';
import type { VisitorStatus } from './visitor-status';

/** Where a signed-out visitor goes to choose a plan: sign in, then come back here. */
export const signInToChoosePlan = '/login?next=%2Fpricing';

/** What the page knows of the signed-in person's billing, for the cards. */
export interface PlanChoice {
  /** The plan whose checkout is being opened: its button shows "Processing...". */
  pendingPlanId: string | null;
  /** The plan of the person's live subscription, marked "Your plan". */
  currentPlanId: string | null;
  /** False once the person has had their free trial; null until known. */
  trialAvailable: boolean | null;
}

export const noPlanChoice: PlanChoice = {
  pendingPlanId: null,
  currentPlanId: null,
  trialAvailable: null,
};

export const trialUsedNote = 'Your free trial has been used; billing starts at once.';

interface PlanCardProps {
  plan: Plan;
  visitor: VisitorStatus;
  choice: PlanChoice;
  /** Called when a signed-in visitor chooses a paid plan. */
  onChoosePaidPlan(plan: Plan): void;
}

function PlanAction({ plan, visitor, choice, onChoosePaidPlan }: PlanCardProps) {
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
  const pending = choice.pendingPlanId === plan.id;
  return (
    <button
      type="button"
      className={className}
      aria-label={pending ? undefined : name}
      aria-busy={pending}
      disabled={pending}
      onClick={() => onChoosePaidPlan(plan)}
    >
      {pending ? 'Processing...' : label}
    </button>
  );
}

/** One plan: name, price, allowance, what it includes, and its button. */
export function PlanCard(props: PlanCardProps) {
  const { plan, choice } = props;
  const current = props.visitor === 'signed-in' && choice.currentPlanId === plan.id;
  const ref = useFadeUp<HTMLElement>();
  const headingId = `plan-${plan.id}`;
  return (
    <article
      ref={ref}
      className={`plan-card${plan.popular ? ' is-popular' : ''}`}
      aria-labelledby={headingId}
    >
      {(plan.popular || current) && (
        <div className="plan-badges">
          {current && <p className="plan-badge plan-badge-current">Your plan</p>}
          {plan.popular && <p className="plan-badge">Most popular</p>}
        </div>
      )}
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
      {isPaidPlan(plan) &&
        (props.visitor === 'signed-in' && choice.trialAvailable === false ? (
          <p className="plan-trial plan-trial-used">{trialUsedNote}</p>
        ) : (
          <p className="plan-trial">{plan.trialDays}-day free trial</p>
        ))}
      <div className="plan-action">
        <PlanAction {...props} />
      </div>
    </article>
  );
}
