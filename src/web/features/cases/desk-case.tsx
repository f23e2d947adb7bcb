import { useEffect, useId, useState } from 'react';
import { caseLimits, caseStatuses, caseStatusLabels } from '../../../shared/cases-messages';
import type { CaseStatus, DeskCase, SharedMessage } from '../../../shared/cases';
import { ApiError } from '../../api-client';
import { SelectField } from '../../components/form/select-field';
import { CaseMessages, MessageBox, SharedConversation, StatusBadge } from './case-thread';
import type { CasesApi } from './cases-api';
import { areaName, formatWhen, stateName } from './labels';
import './cases.scss';

/** A case as staff work it: question, shared conversation, replies, notes, assignment, status. */
export function DeskCaseView({
  api,
  caseId,
  onHidden,
  onLoaded,
}: {
  api: CasesApi;
  caseId: string;
  onHidden: () => void;
  onLoaded: (number: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState<DeskCase | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState<CaseStatus>('received');
  const [shared, setShared] = useState<SharedMessage[] | null>(null);

  function show(next: DeskCase) {
    setValue(next);
    setAssignee(next.assignee?.id ?? '');
    setStatus(next.status);
    onLoaded(next.number);
  }

  useEffect(() => {
    api.deskCase(caseId).then(show, (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) onHidden();
      else setFailure((error as Error).message);
    });
    // show is stable enough: it only sets state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, caseId, onHidden]);

  /** Runs a staff action; `keepText` rethrows a failure so the box keeps what was typed. */
  async function act(what: string, work: () => Promise<DeskCase>, keepText = false) {
    setFailure(null);
    setSaved(null);
    try {
      show(await work());
      setSaved(what);
    } catch (error) {
      if (keepText) throw error;
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong.');
    }
  }

  if (!value) {
    return failure ? (
      <p className="alert alert-danger" role="alert">
        {failure}
      </p>
    ) : (
      <p>Loading…</p>
    );
  }

  return (
    <div className="desk-layout">
      <div>
        <dl className="case-facts">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={value.status} />
          </dd>
          <dt>Person</dt>
          <dd>{value.personEmail}</dd>
          <dt>Contact</dt>
          <dd>{value.contactPreference === 'phone' ? `By phone: ${value.phone}` : 'By email'}</dd>
          <dt>State</dt>
          <dd>{stateName(value.state)}</dd>
          <dt>Area</dt>
          <dd>{areaName(value.area)}</dd>
          <dt>Received</dt>
          <dd>{formatWhen(value.createdAt)}</dd>
        </dl>
        <h2 className="case-heading">Question</h2>
        <p className="case-question">{value.question}</p>
        <h2 className="case-heading">Shared conversation</h2>
        {!value.shared ? (
          <p className="case-empty">The person did not share a conversation.</p>
        ) : shared ? (
          <SharedConversation messages={shared} />
        ) : (
          <p>
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() =>
                void api.sharedConversation(value.id).then(
                  (answer) => setShared(answer.messages),
                  (error: Error) => setFailure(error.message),
                )
              }
            >
              Open the shared conversation
            </button>{' '}
            <span className="form-text">Opening it is written to the audit log.</span>
          </p>
        )}
        <h2 className="case-heading">Messages</h2>
        <CaseMessages messages={value.messages} personLabel={value.personEmail} />
        <MessageBox
          label="Reply to the person"
          submitLabel="Send reply"
          onSend={async (body) => {
            await act('Reply sent.', () => api.firmReply(value.id, body), true);
          }}
        />
      </div>
      <div className="desk-side">
        <div role="status" aria-live="polite">
          {saved ? <p className="alert alert-success mb-0">{saved}</p> : null}
        </div>
        {failure ? (
          <p className="alert alert-danger mb-0" role="alert">
            {failure}
          </p>
        ) : null}
        <form
          className="desk-panel"
          aria-labelledby={`${id}-assign`}
          onSubmit={(event) => {
            event.preventDefault();
            void act('Assignment saved.', () => api.assign(value.id, assignee || null));
          }}
        >
          <h2 id={`${id}-assign`}>Assignment</h2>
          <SelectField
            id={`${id}-assignee`}
            label="Assigned to"
            value={assignee}
            onChange={setAssignee}
            options={value.staff.map((m) => ({ value: m.id, label: m.email }))}
            emptyLabel="No one"
          />
          <button type="submit" className="btn btn-primary mt-2">
            Assign
          </button>
        </form>
        <form
          className="desk-panel"
          aria-labelledby={`${id}-status-title`}
          onSubmit={(event) => {
            event.preventDefault();
            void act('Status saved.', () => api.setStatus(value.id, status));
          }}
        >
          <h2 id={`${id}-status-title`}>Status</h2>
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-status`}>
              Status
            </label>
            <select
              id={`${id}-status`}
              className="form-select"
              value={status}
              onChange={(event) => setStatus(event.target.value as CaseStatus)}
            >
              {caseStatuses.map((s) => (
                <option key={s} value={s}>
                  {caseStatusLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary mt-2">
            Change status
          </button>
        </form>
        <section className="desk-panel" aria-labelledby={`${id}-notes`}>
          <h2 id={`${id}-notes`}>Private notes</h2>
          <p className="form-text">Only staff see these.</p>
          {value.notes.length === 0 ? (
            <p className="case-empty">No notes yet.</p>
          ) : (
            <ol className="desk-notes">
              {value.notes.map((n) => (
                <li key={n.id} className="desk-note">
                  <p className="case-message-meta">
                    <strong>{n.authorEmail}</strong>{' '}
                    <time dateTime={n.createdAt}>{formatWhen(n.createdAt)}</time>
                  </p>
                  <p className="case-shared-text">{n.body}</p>
                </li>
              ))}
            </ol>
          )}
          <MessageBox
            label="New note"
            submitLabel="Add note"
            maxLength={caseLimits.note}
            onSend={async (body) => {
              await act('Note added.', () => api.addNote(value.id, body), true);
            }}
          />
        </section>
      </div>
    </div>
  );
}
