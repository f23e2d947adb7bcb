import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../../shared/cases';
import type { AdminApi } from './admin-api';
import { when } from './format';

function describe(entry: AuditEntry): string {
  return Object.entries(entry.detail)
    .filter(([key]) => key !== 'reference')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

/** The audit log, newest first: who did what, when. Read-only. */
export function AuditPanel({ api }: { api: AdminApi }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  useEffect(() => {
    void api.audit().then((page) => {
      setEntries(page.entries);
      setNext(page.nextBefore);
    });
  }, [api]);
  async function more() {
    if (!next) return;
    const page = await api.audit(next);
    setEntries((current) => [...(current ?? []), ...page.entries]);
    setNext(page.nextBefore);
  }
  if (entries === null) return <p>Loading…</p>;
  if (entries.length === 0) return <p>Nothing has been recorded yet.</p>;
  return (
    <>
      <div className="desk-table-wrap" role="region" aria-label="Audit log" tabIndex={0}>
        <table className="desk-table admin-audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{when(entry.createdAt)}</td>
                <td>{entry.actorEmail}</td>
                <td>{entry.action}</td>
                <td>{describe(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next ? (
        <button type="button" className="btn btn-outline-primary mt-3" onClick={() => void more()}>
          Show older entries
        </button>
      ) : null}
    </>
  );
}
