import { useEffect, useState } from 'react';
import type { Figures } from '../../../shared/admin';
import type { AdminApi } from './admin-api';
import { BarChart } from './bar-chart';
import { dollars, when } from './format';

/** Usage and business figures over the last 30 days, drawn as small SVG charts. */
export function FiguresPanel({ api }: { api: AdminApi }) {
  const [figures, setFigures] = useState<Figures | null>(null);
  useEffect(() => {
    void api.figures().then(setFigures);
  }, [api]);
  if (!figures) return <p>Loading…</p>;
  // Every day of the period, days without any as zero, so the charts share one time axis.
  // The period is the 30 days before today and today itself.
  const start = Date.parse(`${figures.from}T00:00:00Z`);
  const allDays = Array.from({ length: 31 }, (_, i) =>
    new Date(start + i * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  );
  const series = (values: Map<string, number>) =>
    allDays.map((day) => ({ label: day.slice(5), value: values.get(day) ?? 0 }));
  const days = (pick: (d: Figures['perDay'][number]) => number) =>
    series(new Map(figures.perDay.map((d) => [d.day, pick(d)])));
  const counts = (list: { day: string; count: number }[]) =>
    series(new Map(list.map((d) => [d.day, d.count])));
  return (
    <>
      <p>Since {figures.from} (UTC days).</p>
      <dl className="admin-totals">
        <div>
          <dt>Monthly recurring revenue</dt>
          <dd>{dollars(figures.mrrCents)}</dd>
        </div>
        {figures.activeByPlan.map((p) => (
          <div key={p.plan}>
            <dt>Active: {p.plan}</dt>
            <dd>{p.count}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-charts">
        <BarChart title="People who asked, per day" bars={days((d) => d.people)} />
        <BarChart title="Questions per day" bars={days((d) => d.questions)} />
        <BarChart title="Tokens charged per day" bars={days((d) => d.tokens)} />
        <BarChart title="Free to paid, per day" bars={counts(figures.conversionsPerDay)} />
        <BarChart title="Cases opened per day" bars={counts(figures.casesPerDay)} />
      </div>
      <h2 className="case-heading">Legal questions our guides do not cover</h2>
      <p className="form-text">
        Questions the assistant declined because no guide covers them (questions that are not about
        the law are left out): the list of guides to write next.
      </p>
      <AnswerList items={figures.declined} showAnswer={false} />
      <h2 className="case-heading">Answers marked unhelpful</h2>
      <AnswerList items={figures.unhelpful} showAnswer />
    </>
  );
}

function AnswerList({ items, showAnswer }: { items: Figures['declined']; showAnswer: boolean }) {
  if (items.length === 0) return <p className="case-empty">None.</p>;
  return (
    <ol className="admin-answers">
      {items.map((item, i) => (
        <li key={i}>
          <p className="case-message-meta">{when(item.createdAt)}</p>
          <p className="case-shared-text">
            <strong>Question:</strong> {item.question}
          </p>
          {showAnswer ? (
            <details>
              <summary>The answer</summary>
              <p className="case-shared-text">{item.answer}</p>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
