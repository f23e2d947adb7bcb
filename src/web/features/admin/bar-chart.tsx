import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A small bar chart drawn as SVG (no chart library), with the same numbers in a table for screen
 * readers and for reading exact values.
 */
export function BarChart({
  title,
  bars,
  format = (n) => n.toLocaleString('en-US'),
}: {
  title: string;
  bars: Bar[];
  format?: (value: number) => string;
}) {
  const id = useId();
  const width = 400;
  const height = 150;
  const top = 12;
  const bottom = 24;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = bars.length > 0 ? width / bars.length : width;
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  return (
    <figure className="admin-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="admin-chart-title">
        {title}
      </figcaption>
      {bars.every((bar) => bar.value === 0) ? (
        <p className="case-empty">Nothing yet in this period.</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="admin-chart-svg"
            aria-hidden="true"
            focusable="false"
          >
            <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} className="axis" />
            {bars.map((bar, i) => {
              const h = ((height - top - bottom) * bar.value) / max;
              const x = i * slot + (slot - barWidth) / 2;
              return (
                <g key={bar.label}>
                  <rect x={x} y={height - bottom - h} width={barWidth} height={h} className="bar" />
                  {bars.length <= 12 || i % Math.ceil(bars.length / 8) === 0 ? (
                    <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" className="tick">
                      {bar.label}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <text x="4" y={top} className="tick">
              {format(max)}
            </text>
          </svg>
          <details className="admin-chart-data">
            <summary>Show the numbers</summary>
            <table className="desk-table">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">{title}</th>
                </tr>
              </thead>
              <tbody>
                {bars
                  .filter((bar) => bar.value > 0)
                  .map((bar) => (
                    <tr key={bar.label}>
                      <td>{bar.label}</td>
                      <td>{format(bar.value)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
