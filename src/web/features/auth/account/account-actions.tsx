import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '../../../../shared/auth';
import { deleteAccount, downloadMyData, signOutEverywhere } from '../auth-api';
import { FormMessage, type Notice } from '../../../components/form/form-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { messageFor } from '../../../error-messages';
import { useFormSubmission } from '../../../components/form/use-form-submission';

export const signedOutEverywhereMessage = 'You have been signed out of all devices.';

/** Sign out of all devices, and download the person's data. */
export function SessionAndDataActions() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'revoke' | 'export' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  async function run(action: 'revoke' | 'export') {
    setBusy(action);
    setNotice(null);
    try {
      if (action === 'revoke') {
        await signOutEverywhere();
        void navigate('/login', {
          state: { notice: { kind: 'success', text: signedOutEverywhereMessage } },
        });
        return;
      }
      await downloadMyData();
      setNotice({ kind: 'success', text: 'Your data has been downloaded.' });
    } catch (error) {
      setNotice({ kind: 'error', text: messageFor(error) });
    }
    setBusy(null);
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  return (
    <>
      <section aria-labelledby="sessions-title" className="account-subsection">
        <h2 id="sessions-title" className="account-section-title">
          Devices
        </h2>
        <p>Signed in on a computer you no longer use? End every session, this one included.</p>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void run('revoke')}
          disabled={busy !== null}
        >
          {busy === 'revoke' ? 'Signing out...' : 'Sign out of all devices'}
        </button>
      </section>
      <section aria-labelledby="data-title" className="account-subsection">
        <h2 id="data-title" className="account-section-title">
          Your data
        </h2>
        <p>A copy of everything we hold about you, as a JSON file.</p>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void run('export')}
          disabled={busy !== null}
        >
          {busy === 'export' ? 'Preparing...' : 'Download my data'}
        </button>
      </section>
      <FormMessage id="actions-message" notice={notice} ref={messageRef} />
    </>
  );
}

const confirmFieldId = 'delete-confirm-email';

/** Deleting the account, confirmed by typing its email. */
export function DeleteAccountForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const [confirmEmail, setConfirmEmail] = useState('');
  const { busy, errors, setErrors, showFieldErrors, submit } = useFormSubmission([confirmFieldId]);
  const matches = confirmEmail.trim().toLowerCase() === user.email.toLowerCase();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!matches) {
      showFieldErrors({ [confirmFieldId]: 'Type your email exactly as shown to confirm.' });
      return;
    }
    // Checked here rather than as `checks`, so that a failed attempt's message stays under the
    // field while the form is sent again.
    void submit({
      send: async () => {
        await deleteAccount(confirmEmail.trim());
        void navigate('/', { replace: true });
      },
      leavesPage: true,
      onFailure: (failure) => ({ [confirmFieldId]: messageFor(failure) }),
    });
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="delete-title"
      className="account-danger"
    >
      <h2 id="delete-title" className="account-section-title">
        Delete my account
      </h2>
      <p>
        This removes your account, your conversations and everything else we hold about you. It
        cannot be undone.
      </p>
      <TextField
        id={confirmFieldId}
        label={`Type ${user.email} to confirm`}
        type="email"
        autoComplete="off"
        value={confirmEmail}
        onChange={(value) => {
          setConfirmEmail(value);
          setErrors({});
        }}
        error={errors[confirmFieldId]}
      />
      <SubmitButton
        busy={busy}
        label="Delete my account"
        busyLabel="Deleting..."
        className="btn btn-danger"
      />
    </form>
  );
}
