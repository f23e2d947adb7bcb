import { useRef, useState } from 'react';
import type { Notice } from './form-message';
import { messageFor } from '../../error-messages';
import { focusFirstError, onlyErrors } from './field-errors';

export interface Submission {
  /**
   * The client-side checks by field id. Their result replaces the field errors shown, and any
   * message stops the submit before anything is sent. Without checks the errors stay as they are.
   */
  checks?: Record<string, string | undefined>;
  /** The request, and whatever follows its success (a notice, a redirect). */
  send: () => Promise<unknown>;
  /** Success leaves the page: the form stays busy until it has gone. */
  leavesPage?: boolean;
  /**
   * The field errors a failure shows, by field id; the first is focused. With none, the failure
   * is shown as a notice. Null when the form has shown the failure itself (an expired link).
   */
  onFailure?: (error: unknown) => Record<string, string | undefined> | null;
  /** The notice's text for a failure; the code's message (`messageFor`) by default. */
  failureMessage?: (error: unknown) => string;
  /** Leave the last notice in view until the answer replaces it. */
  keepNotice?: boolean;
}

/**
 * The submit flow of the sign-in and account forms: check the fields and focus the first wrong
 * one; otherwise mark the form busy and send. A failure shows the server's field errors (focusing
 * the first) or else a notice, which takes the focus so it is read out; so does a success notice
 * shown with `showNotice`.
 *
 * `fieldOrder` lists the field ids (the inputs' `id`s) in the order they appear on the page.
 */
export function useFormSubmission(
  fieldOrder: string[],
  initialNotice: Notice | null | (() => Notice | null) = null,
) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(initialNotice);
  const messageRef = useRef<HTMLDivElement>(null);

  /** Shows a message above or below the form and moves focus to it. */
  function showNotice(value: Notice) {
    setNotice(value);
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  /** Shows these field errors and focuses the first; false when there were none to focus. */
  function showFieldErrors(fields: Record<string, string | undefined>): boolean {
    const found = onlyErrors(fields);
    setErrors(found);
    return focusFirstError(found, fieldOrder);
  }

  async function submit(submission: Submission) {
    if (busy) return;
    if (!submission.keepNotice) setNotice(null);
    if (submission.checks) {
      showFieldErrors(submission.checks);
      if (Object.keys(onlyErrors(submission.checks)).length > 0) return;
    }
    setBusy(true);
    try {
      await submission.send();
      if (submission.leavesPage) return;
    } catch (error) {
      const fields = submission.onFailure ? submission.onFailure(error) : {};
      if (fields && !showFieldErrors(fields)) {
        showNotice({ kind: 'error', text: (submission.failureMessage ?? messageFor)(error) });
      }
    }
    setBusy(false);
  }

  return { busy, errors, setErrors, notice, messageRef, showNotice, showFieldErrors, submit };
}
