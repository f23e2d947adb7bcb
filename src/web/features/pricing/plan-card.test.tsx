import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findPlan, type Plan } from '../../../shared/plans';
import { PlanCard, noPlanChoice, trialUsedNote, type PlanChoice } from './plan-card';
import type { VisitorStatus } from './visitor-status';

const standard = findPlan('standard-month')!;

function render(plan: Plan, visitor: VisitorStatus, choice: PlanChoice = noPlanChoice) {
  return renderToStaticMarkup(
    <StaticRouter location="/pricing">
      <PlanCard plan={plan} visitor={visitor} choice={choice} onChoosePaidPlan={() => {}} />
    </StaticRouter>,
  );
}

describe('plan card billing marks', () => {
  it('offers the trial until the person is known to have had it', () => {
    expect(render(standard, 'signed-out')).toContain('5-day free trial');
    expect(render(standard, 'signed-in')).toContain('5-day free trial');
    const used = render(standard, 'signed-in', { ...noPlanChoice, trialAvailable: false });
    expect(used).toContain(trialUsedNote);
    expect(used).not.toContain('5-day free trial');
  });

  it('shows Processing... on the plan being opened only, disabled and busy', () => {
    const busy = render(standard, 'signed-in', { ...noPlanChoice, pendingPlanId: standard.id });
    expect(busy).toMatch(
      /<button[^>]*aria-busy="true"[^>]*disabled=""[^>]*>Processing...<\/button>/,
    );
    const other = render(findPlan('premium-month')!, 'signed-in', {
      ...noPlanChoice,
      pendingPlanId: standard.id,
    });
    expect(other).not.toContain('Processing...');
  });

  it('marks the plan the person holds', () => {
    const choice = { ...noPlanChoice, currentPlanId: standard.id };
    expect(render(standard, 'signed-in', choice)).toContain('Your plan');
    expect(render(findPlan('premium-month')!, 'signed-in', choice)).not.toContain('Your plan');
  });

  it('sends a visitor to sign in first', () => {
    expect(render(standard, 'signed-out')).toContain('href="/login?next=%2Fpricing"');
  });
});
