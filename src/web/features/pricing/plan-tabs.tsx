import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { billingIntervals, plansFor, type BillingInterval, type Plan } from '../../../shared/plans';
import { PlanCard, noPlanChoice, type PlanChoice } from './plan-card';
import type { VisitorStatus } from './visitor-status';

const tabLabels: Record<BillingInterval, string> = { month: 'Monthly', year: 'Yearly' };

interface PlanTabsProps {
  visitor: VisitorStatus;
  /** What is known of the signed-in person's billing; nothing by default (and when prerendered). */
  choice?: PlanChoice;
  onChoosePaidPlan(plan: Plan): void;
}

/**
 * Monthly and Yearly plans as tabs (the WAI-ARIA tabs pattern, selection following focus).
 * Both panels are rendered, the inactive one hidden, so the prerendered HTML holds all six plans.
 */
export function PlanTabs({ visitor, choice = noPlanChoice, onChoosePaidPlan }: PlanTabsProps) {
  const [selected, setSelected] = useState<BillingInterval>('month');
  const tabs = useRef(new Map<BillingInterval, HTMLButtonElement>());
  const tablist = useRef<HTMLDivElement>(null);

  // A tab clicked on the prerendered page before it hydrated (public/menu.js notes it on the
  // tab list): chosen now.
  useEffect(() => {
    const list = tablist.current;
    const early = list?.getAttribute('data-early-choice');
    if (!list || !early) return;
    list.removeAttribute('data-early-choice');
    const interval = billingIntervals.find((each) => `plans-tab-${each}` === early);
    if (interval) setSelected(interval);
  }, []);

  function select(interval: BillingInterval) {
    setSelected(interval);
    tabs.current.get(interval)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = billingIntervals.indexOf(selected);
    const last = billingIntervals.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(billingIntervals[target]!);
  }

  return (
    <div className="plan-tabs">
      <div
        ref={tablist}
        className="plan-tablist"
        role="tablist"
        aria-label="Billing period"
        onKeyDown={onKeyDown}
      >
        {billingIntervals.map((interval) => (
          <button
            key={interval}
            ref={(element) => {
              if (element) tabs.current.set(interval, element);
              else tabs.current.delete(interval);
            }}
            type="button"
            role="tab"
            id={`plans-tab-${interval}`}
            aria-controls={`plans-panel-${interval}`}
            aria-selected={selected === interval}
            tabIndex={selected === interval ? 0 : -1}
            className="plan-tab"
            onClick={() => select(interval)}
          >
            {tabLabels[interval]}
          </button>
        ))}
      </div>
      {billingIntervals.map((interval) => (
        <div
          key={interval}
          role="tabpanel"
          id={`plans-panel-${interval}`}
          aria-labelledby={`plans-tab-${interval}`}
          hidden={selected !== interval}
          className="plan-panel"
        >
          <div className="plan-grid">
            {plansFor(interval).map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                visitor={visitor}
                choice={choice}
                onChoosePaidPlan={onChoosePaidPlan}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
