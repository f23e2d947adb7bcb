import { useEffect, useState } from 'react';
import { ApiError } from '../../api-client';
import type { AdminApi } from './admin-api';
import { AuditPanel } from './audit-panel';
import { FiguresPanel } from './figures-panel';
import { ListsPanel } from './lists-panel';
import { UsersPanel } from './users-panel';
import './admin.scss';

const sections = [
  { id: 'users', label: 'Users' },
  { id: 'audit', label: 'Audit log' },
  { id: 'figures', label: 'Figures' },
  { id: 'lists', label: 'Messages and subscribers' },
] as const;
type Section = (typeof sections)[number]['id'];

/** The console: one section at a time, chosen from the bar at the top. */
export function Console({ api, onHidden }: { api: AdminApi; onHidden: () => void }) {
  const [section, setSection] = useState<Section>('users');
  const [allowed, setAllowed] = useState(false);
  // One call first: without the admin role, the API answers 404 and the page says not found.
  useEffect(() => {
    api.audit().then(
      () => setAllowed(true),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) onHidden();
      },
    );
  }, [api, onHidden]);
  if (!allowed) return <p>Loading…</p>;
  return (
    <>
      <nav className="admin-sections" aria-label="Console sections">
        {sections.map((s) => (
          <button
            key={s.id}
            type="button"
            className={`btn ${section === s.id ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={section === s.id}
            onClick={() => setSection(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <div>
        {section === 'users' ? <UsersPanel api={api} /> : null}
        {section === 'audit' ? <AuditPanel api={api} /> : null}
        {section === 'figures' ? <FiguresPanel api={api} /> : null}
        {section === 'lists' ? <ListsPanel api={api} /> : null}
      </div>
    </>
  );
}
