import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AdminUserDetail, AdminUserSummary } from '../../../shared/admin';
import { caseLimits } from '../../../shared/cases-messages';
import { ApiError } from '../../api-client';
import { TextField } from '../../components/form/text-field';
import type { AdminApi } from './admin-api';
import { when } from './format';

const roleLabels = { user: 'User', staff: 'Staff', admin: 'Admin' } as const;

/** Users: search by email; a chosen person's plan, balance, subscriptions, ledger and actions. */
export function UsersPanel({ api }: { api: AdminApi }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [users, setUsers] = useState<AdminUserSummary[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  async function search(event?: FormEvent) {
    event?.preventDefault();
    setUsers((await api.users(query.trim())).users);
  }
  useEffect(() => {
    void api.users('').then((answer) => setUsers(answer.users));
  }, [api]);

  if (selected) {
    return <UserDetail api={api} userId={selected} onBack={() => setSelected(null)} />;
  }
  return (
    <>
      <form className="admin-search" role="search" onSubmit={(e) => void search(e)}>
        <TextField
          id={`${id}-q`}
          label="Search by email"
          type="text"
          value={query}
          onChange={setQuery}
          maxLength={caseLimits.search}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      {users === null ? (
        <p>Loading…</p>
      ) : users.length === 0 ? (
        <p role="status">No account matches.</p>
      ) : (
        <div className="desk-table-wrap" role="region" aria-label="Accounts" tabIndex={0}>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Plan</th>
                <th scope="col">Balance</th>
                <th scope="col">Role</th>
                <th scope="col">Last activity</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <button
                      type="button"
                      className="btn btn-link p-0 text-start"
                      onClick={() => setSelected(user.id)}
                    >
                      {user.email}
                    </button>
                  </td>
                  <td>{user.plan}</td>
                  <td>{user.balance === null ? '—' : user.balance.toLocaleString('en-US')}</td>
                  <td>{roleLabels[user.role]}</td>
                  <td>{user.lastActivityAt ? when(user.lastActivityAt) : 'Never'}</td>
                  <td>
                    {user.disabled ? 'Disabled' : user.emailVerified ? 'Active' : 'Unconfirmed'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function UserDetail({
  api,
  userId,
  onBack,
}: {
  api: AdminApi;
  userId: string;
  onBack: () => void;
}) {
  const id = useId();
  const [user, setUser] = useState<AdminUserDetail | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [role, setRole] = useState<'user' | 'staff' | 'admin'>('user');

  function show(next: AdminUserDetail) {
    setUser(next);
    setRole(next.role);
  }
  useEffect(() => {
    void api.user(userId).then(show, (error: Error) => setFailure(error.message));
  }, [api, userId]);

  async function act(what: string, work: () => Promise<AdminUserDetail | { message: string }>) {
    setNotice(null);
    setFailure(null);
    try {
      const answer = await work();
      if ('message' in answer) setNotice(answer.message);
      else {
        show(answer);
        setNotice(what);
      }
      return true;
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        setErrors(error.fields);
      else setFailure(error instanceof ApiError ? error.message : 'Something went wrong.');
      return false;
    }
  }

  async function adjust(event: FormEvent) {
    event.preventDefault();
    const delta = Number(amount);
    const next: Record<string, string> = {};
    if (!Number.isInteger(delta) || delta === 0) {
      next.delta = 'Enter a whole number of tokens: positive to grant, negative to deduct.';
    }
    if (!reason.trim()) next.reason = 'Please give a reason.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const done = await act(delta > 0 ? 'Tokens granted.' : 'Tokens deducted.', () =>
      api.adjust(userId, { delta, reason }),
    );
    if (done) {
      setAmount('');
      setReason('');
    }
  }

  if (!user) return failure ? <p role="alert">{failure}</p> : <p>Loading…</p>;
  return (
    <div className="admin-user">
      <p>
        <button type="button" className="btn btn-link p-0" onClick={onBack}>
          ← All accounts
        </button>
      </p>
      <h2 className="case-heading">{user.email}</h2>
      <div role="status" aria-live="polite">
        {notice ? <p className="alert alert-success">{notice}</p> : null}
      </div>
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <dl className="case-facts">
        <dt>Plan</dt>
        <dd>{user.plan}</dd>
        <dt>Balance</dt>
        <dd data-testid="balance">{(user.balance ?? 0).toLocaleString('en-US')} tokens</dd>
        <dt>Ledger sum</dt>
        <dd data-testid="ledger-sum">{user.ledgerSum.toLocaleString('en-US')} tokens</dd>
        <dt>Email</dt>
        <dd>{user.emailVerified ? 'Confirmed' : 'Not confirmed'}</dd>
        <dt>Account</dt>
        <dd>{user.disabled ? 'Disabled' : 'Active'}</dd>
        <dt>Last activity</dt>
        <dd>{user.lastActivityAt ? when(user.lastActivityAt) : 'Never'}</dd>
        <dt>Joined</dt>
        <dd>{when(user.createdAt)}</dd>
      </dl>

      <div className="admin-actions">
        <form className="desk-panel" noValidate onSubmit={(e) => void adjust(e)}>
          <h3 className="h6">Grant or deduct tokens</h3>
          <TextField
            id={`${id}-amount`}
            label="Tokens (negative to deduct)"
            value={amount}
            onChange={setAmount}
            error={errors.delta}
            markRequired
          />
          <TextField
            id={`${id}-reason`}
            label="Reason"
            value={reason}
            onChange={setReason}
            error={errors.reason}
            markRequired
            maxLength={caseLimits.reason}
          />
          <button type="submit" className="btn btn-primary mt-2">
            Apply
          </button>
        </form>
        <div className="desk-panel">
          <h3 className="h6">Account</h3>
          <p>
            <button
              type="button"
              className={`btn ${user.disabled ? 'btn-primary' : 'btn-outline-danger'}`}
              onClick={() =>
                void act(user.disabled ? 'Account enabled.' : 'Account disabled.', () =>
                  api.setDisabled(userId, !user.disabled),
                )
              }
            >
              {user.disabled ? 'Enable account' : 'Disable account'}
            </button>
          </p>
          {!user.emailVerified ? (
            <p>
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => void act('', () => api.resendVerification(userId))}
              >
                Resend confirmation email
              </button>
            </p>
          ) : null}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void act('Role saved.', () => api.setRole(userId, role));
            }}
          >
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-role`}>
                Role
              </label>
              <select
                id={`${id}-role`}
                className="form-select"
                value={role}
                onChange={(event) => setRole(event.target.value as typeof role)}
              >
                <option value="user">User</option>
                <option value="staff">Staff</option>
                <option value="admin">Admin</option>
              </select>
            </div>
            <button type="submit" className="btn btn-primary mt-2">
              Save role
            </button>
          </form>
        </div>
      </div>

      <h3 className="case-heading">Subscriptions</h3>
      {user.subscriptions.length === 0 ? (
        <p className="case-empty">No subscriptions.</p>
      ) : (
        <div className="desk-table-wrap" role="region" aria-label="Subscriptions" tabIndex={0}>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Status</th>
                <th scope="col">Period</th>
                <th scope="col">Started</th>
                <th scope="col">Provider</th>
              </tr>
            </thead>
            <tbody>
              {user.subscriptions.map((s) => (
                <tr key={s.id}>
                  <td>{s.plan}</td>
                  <td>
                    {s.status}
                    {s.cancelAtPeriodEnd ? ' (ends at period end)' : ''}
                  </td>
                  <td>
                    {when(s.periodStart)} – {when(s.periodEnd)}
                  </td>
                  <td>{when(s.createdAt)}</td>
                  <td>{s.provider}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="case-heading">Token ledger</h3>
      <div className="desk-table-wrap" role="region" aria-label="Token ledger" tabIndex={0}>
        <table className="desk-table admin-ledger">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Kind</th>
              <th scope="col">Change</th>
              <th scope="col">Balance after</th>
              <th scope="col">Reference</th>
            </tr>
          </thead>
          <tbody>
            {user.ledger.map((row) => (
              <tr key={row.reference}>
                <td>{when(row.createdAt)}</td>
                <td>{row.kind}</td>
                <td>{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
                <td>{row.balanceAfter}</td>
                <td className="admin-reference">{row.reference}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
