import { useId, useState, type FormEvent } from 'react';
import { caseLimits, caseStatusLabels, type CaseStatus } from '../../../shared/cases-messages';
import type { SharedMessage } from '../../../shared/cases';
import { ApiError } from '../../api-client';
import { TextField } from '../../components/form/text-field';
import { formatWhen } from './labels';
import './cases.scss';

export function StatusBadge({ status }: { status: CaseStatus }) {
  return <span className={`case-status case-status-${status}`}>{caseStatusLabels[status]}</span>;
}

/** A case's messages in order: the person's and the firm's. */
export function CaseMessages({
  messages,
  personLabel,
}: {
  messages: { id: string; author: 'person' | 'firm'; body: string; createdAt: string }[];
  personLabel: string;
}) {
  if (messages.length === 0) return <p className="case-empty">No replies yet.</p>;
  return (
    <ol className="case-messages">
      {messages.map((m) => (
        <li key={m.id} className={`case-message case-message-${m.author}`}>
          <p className="case-message-meta">
            <strong>{m.author === 'firm' ? 'The firm' : personLabel}</strong>{' '}
            <time dateTime={m.createdAt}>{formatWhen(m.createdAt)}</time>
          </p>
          <div className="case-message-body">
            {m.body.split(/\n\s*\n/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}

export function SharedConversation({ messages }: { messages: SharedMessage[] }) {
  return (
    <ol className="case-shared">
      {messages.map((m, i) => (
        <li key={i} className={`case-shared-${m.role}`}>
          <p className="case-message-meta">
            <strong>{m.role === 'user' ? 'Question' : 'Assistant'}</strong>{' '}
            <time dateTime={m.createdAt}>{formatWhen(m.createdAt)}</time>
          </p>
          <p className="case-shared-text">{m.content}</p>
        </li>
      ))}
    </ol>
  );
}

/** A box to write a message and send it; the text stays if sending fails. */
export function MessageBox({
  label,
  submitLabel,
  maxLength = caseLimits.message,
  onSend,
}: {
  label: string;
  submitLabel: string;
  maxLength?: number;
  onSend: (body: string) => Promise<void>;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!body.trim()) {
      setError('Please write a message.');
      document.getElementById(`${id}-body`)?.focus();
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      await onSend(body);
      setBody('');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong.');
    } finally {
      setSending(false);
    }
  }
  return (
    <form className="case-box" noValidate onSubmit={submit}>
      <TextField
        id={`${id}-body`}
        label={label}
        multiline
        value={body}
        onChange={setBody}
        error={error}
        maxLength={maxLength}
      />
      <button className="btn btn-primary" type="submit" disabled={sending}>
        {sending ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
