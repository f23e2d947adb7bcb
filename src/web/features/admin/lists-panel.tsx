import { useEffect, useState } from 'react';
import type { ContactMessageRow, SubscriberRow } from '../../../shared/admin';
import type { AdminApi } from './admin-api';
import { when } from './format';

/** Contact messages and newsletter addresses, with their status and a CSV export of each. */
export function ListsPanel({ api }: { api: AdminApi }) {
  const [messages, setMessages] = useState<ContactMessageRow[] | null>(null);
  const [subscribers, setSubscribers] = useState<SubscriberRow[] | null>(null);
  useEffect(() => {
    void api.contactMessages().then((answer) => setMessages(answer.messages));
    void api.subscribers().then((answer) => setSubscribers(answer.subscribers));
  }, [api]);
  return (
    <>
      <h2 className="case-heading">Contact messages</h2>
      <button
        type="button"
        className="btn btn-outline-primary mb-3"
        onClick={() => void api.download('/api/admin/contact-messages/csv', 'contact-messages.csv')}
      >
        Download CSV
      </button>
      {messages === null ? (
        <p>Loading…</p>
      ) : messages.length === 0 ? (
        <p className="case-empty">No messages.</p>
      ) : (
        <div className="desk-table-wrap" role="region" aria-label="Contact messages" tabIndex={0}>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">From</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td>{when(m.createdAt)}</td>
                  <td>
                    {m.name} &lt;{m.email}&gt;
                  </td>
                  <td>{m.subject}</td>
                  <td>{m.forwarded ? 'Forwarded' : 'Not forwarded'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="case-heading">Newsletter subscribers</h2>
      <button
        type="button"
        className="btn btn-outline-primary mb-3"
        onClick={() =>
          void api.download('/api/admin/newsletter-subscribers/csv', 'newsletter-subscribers.csv')
        }
      >
        Download CSV
      </button>
      {subscribers === null ? (
        <p>Loading…</p>
      ) : subscribers.length === 0 ? (
        <p className="case-empty">No subscribers.</p>
      ) : (
        <div className="desk-table-wrap" role="region" aria-label="Subscribers" tabIndex={0}>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((s) => (
                <tr key={s.id}>
                  <td>{s.email}</td>
                  <td>{s.status}</td>
                  <td>{when(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
