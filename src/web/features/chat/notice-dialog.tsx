import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Shown once per account before the first question: what the assistant is and is not, and how
 * to reach a human lawyer. Acknowledging it is stored on the account.
 */
export function NoticeDialog({
  onAcknowledge,
  children,
}: {
  onAcknowledge: () => Promise<void>;
  /** A line the page needs read while the notice covers it (a payment being confirmed). */
  children?: ReactNode;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => button.current?.focus(), []);

  async function acknowledge() {
    setBusy(true);
    setFailed(false);
    try {
      await onAcknowledge();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <div className="chat-notice-backdrop">
      <div
        className="chat-notice"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
      >
        <h2 id={`${id}-title`}>Before you ask</h2>
        <div id={`${id}-body`}>
          <p>
            The assistant is an <strong>AI</strong>. It gives general legal information drawn from
            our guides, written from official sources, <strong>not legal advice</strong>, and it can
            be wrong. No lawyer reads its answers (see{' '}
            <Link to="/accuracy">how often they are right</Link>).
          </p>
          <p>Using it does not create a lawyer-client relationship with our firm.</p>
          <p>
            To talk to a human lawyer about your own situation, use <strong>Ask a lawyer</strong>{' '}
            under any answer, or write to us on the <a href="/contact">Contact</a> page.
          </p>
        </div>
        {children}
        {failed ? (
          <p className="text-danger" role="alert">
            That did not work. Please try again.
          </p>
        ) : null}
        <button
          ref={button}
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void acknowledge()}
        >
          I understand
        </button>
      </div>
    </div>
  );
}
