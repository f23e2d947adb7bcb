import { useEffect, useId, useRef, useState } from 'react';
import { lawyerContactPath } from './lawyer-contact';

/**
 * "Ask a lawyer" under an answer: a disclosure that asks whether to include a link to the
 * conversation (off unless the person ticks it), then goes to the contact form with the
 * question filled in. Escape or Cancel closes it and gives focus back to the button.
 */
export function AskLawyer({
  question,
  conversationLink,
}: {
  question: string;
  /** The conversation's address in the chat. */
  conversationLink: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [includeLink, setIncludeLink] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const checkbox = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // The whole choice in view (on a phone it opens near the composer), then the first control.
    panel.current?.scrollIntoView({ block: 'nearest' });
    checkbox.current?.focus({ preventScroll: true });
  }, [open]);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <div
      className="ask-lawyer"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // Escape while an answer streams stops it; here it only closes the choice.
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
      >
        Ask a lawyer
      </button>
      {open ? (
        <div
          ref={panel}
          id={`${id}-panel`}
          className="ask-lawyer-panel"
          role="group"
          aria-labelledby={`${id}-title`}
        >
          <p id={`${id}-title`} className="ask-lawyer-title">
            Your question goes into our contact form, for a lawyer to answer.
          </p>
          <div className="form-check">
            <input
              ref={checkbox}
              id={`${id}-link`}
              className="form-check-input"
              type="checkbox"
              checked={includeLink}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setIncludeLink(event.target.checked)}
            />
            <label htmlFor={`${id}-link`} className="form-check-label">
              Include a link to this conversation
            </label>
            <p id={`${id}-hint`} className="ask-lawyer-hint">
              It opens only for someone signed in to your account: your own record to share with the
              lawyer later. Our staff cannot open it.
            </p>
          </div>
          <div className="ask-lawyer-buttons">
            <a
              className="btn btn-sm btn-primary"
              href={lawyerContactPath({
                question,
                conversationLink: includeLink ? conversationLink : null,
              })}
            >
              Continue to the contact form
            </a>
            <button type="button" className="btn btn-sm btn-link" onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
