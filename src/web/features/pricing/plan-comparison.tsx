import { formatMoney } from '../../../shared/money';
import { describeAllowance, isPaidPlan, plansFor, type Plan } from '../../../shared/plans';

const monthly = plansFor('month');
const yearly = plansFor('year');

function priceCell(plan: Plan | undefined) {
  if (!plan) return '';
  return isPaidPlan(plan) ? `${formatMoney(plan.priceCents)} (${plan.name})` : formatMoney(0);
}

/** What every plan includes, side by side; every cell comes from the catalogue. */
const rows: { label: string; cells: (plan: Plan, index: number) => string }[] = [
  { label: 'Price a month', cells: (plan) => priceCell(plan) },
  { label: 'Price a year', cells: (_plan, index) => priceCell(yearly[index]) },
  { label: 'Tokens', cells: (plan) => describeAllowance(plan.allowance) },
  {
    label: 'Free trial',
    cells: (plan) => (isPaidPlan(plan) ? `${plan.trialDays} days` : 'Not needed: free to use'),
  },
  { label: 'Legal information with citations to our guides', cells: () => 'Included' },
  { label: 'Answers that take your jurisdiction into account', cells: () => 'Included' },
  { label: 'Conversation history', cells: () => 'Kept until you delete it' },
  { label: 'Support', cells: (plan) => plan.support },
];

export function PlanComparison() {
  return (
    <div className="comparison-scroll" tabIndex={0} role="region" aria-labelledby="compare-caption">
      <table className="comparison-table">
        <caption id="compare-caption">Compare the plans</caption>
        <thead>
          <tr>
            <td />
            {monthly.map((plan) => (
              <th key={plan.tier} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {monthly.map((plan, index) => (
                <td key={plan.tier}>{row.cells(plan, index)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
