import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { caseStatuses, caseStatusLabels } from '../../../shared/cases-messages';
import type { DeskCaseSummary, StaffMember } from '../../../shared/cases';
import { ApiError } from '../../api-client';
import { SelectField } from '../../components/form/select-field';
import { StatusBadge } from './case-thread';
import type { CasesApi } from './cases-api';
import { areaName, areaOptions, formatWhen, stateOptions } from './labels';
import './cases.scss';

interface Filter {
  status: string;
  state: string;
  area: string;
  assignee: string;
}

/** The desk's queue: oldest first, filtered by status, state, area and assignee. */
export function DeskQueue({ api, onHidden }: { api: CasesApi; onHidden: () => void }) {
  const id = useId();
  const [filter, setFilter] = useState<Filter>({ status: '', state: '', area: '', assignee: '' });
  const [cases, setCases] = useState<DeskCaseSummary[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.queue({ ...filter }).then(
      (answer) => {
        if (!live) return;
        setCases(answer.cases);
        setNext(answer.nextOffset);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) onHidden();
        else if (live) setFailure((error as Error).message);
      },
    );
    return () => {
      live = false;
    };
  }, [api, filter, onHidden]);

  useEffect(() => {
    api.staff().then(
      (answer) => setStaff(answer.staff),
      () => undefined,
    );
  }, [api]);

  async function more() {
    if (next === null) return;
    const answer = await api.queue({ ...filter, offset: String(next) });
    setCases((current) => [...(current ?? []), ...answer.cases]);
    setNext(answer.nextOffset);
  }

  const set = (name: keyof Filter) => (value: string) =>
    setFilter((current) => ({ ...current, [name]: value }));

  return (
    <>
      <form
        className="desk-filters"
        aria-label="Filter the queue"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          id={`${id}-status`}
          label="Status"
          value={filter.status}
          onChange={set('status')}
          options={caseStatuses.map((s) => ({ value: s, label: caseStatusLabels[s] }))}
          emptyLabel="Any status"
        />
        <SelectField
          id={`${id}-state`}
          label="State"
          value={filter.state}
          onChange={set('state')}
          options={stateOptions}
          emptyLabel="Any state"
        />
        <SelectField
          id={`${id}-area`}
          label="Area"
          value={filter.area}
          onChange={set('area')}
          options={areaOptions}
          emptyLabel="Any area"
        />
        <SelectField
          id={`${id}-assignee`}
          label="Assignee"
          value={filter.assignee}
          onChange={set('assignee')}
          options={[
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'No one' },
            ...staff.map((m) => ({ value: m.id, label: m.email })),
          ]}
          emptyLabel="Anyone"
        />
      </form>
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : cases === null ? (
        <p>Loading…</p>
      ) : cases.length === 0 ? (
        <p role="status">No cases match.</p>
      ) : (
        // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
        <div className="desk-table-wrap" role="region" aria-label="Cases" tabIndex={0}>
          <table className="desk-table">
            <caption className="visually-hidden">Cases, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Case</th>
                <th scope="col">Question</th>
                <th scope="col">State</th>
                <th scope="col">Area</th>
                <th scope="col">Status</th>
                <th scope="col">Assignee</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {cases.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`/desk/cases/${c.id}`} className="case-number">
                      {c.number}
                    </Link>
                  </td>
                  <td>{c.question.length > 140 ? `${c.question.slice(0, 140)}…` : c.question}</td>
                  <td>{c.state}</td>
                  <td>{areaName(c.area)}</td>
                  <td>
                    <StatusBadge status={c.status} />
                  </td>
                  <td>{c.assignee?.email ?? 'No one'}</td>
                  <td>{formatWhen(c.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== null ? (
        <button type="button" className="btn btn-outline-primary mt-3" onClick={() => void more()}>
          Show more
        </button>
      ) : null}
    </>
  );
}
