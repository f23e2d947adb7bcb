import { useRef, useState, type FormEvent } from 'react';
import type { User } from '../../../../shared/auth';
import { authMessages } from '../../../../shared/auth-messages';
import { changePassword } from '../auth-api';
import { FormMessage, type Notice } from '../components/form-message';
import { SubmitButton } from '../components/submit-button';
import { TextField } from '../components/text-field';
import { fieldErrorsFor, messageFor } from '../error-messages';
import { checkConfirmation, checkNewPassword, focusFirstError, onlyErrors } from '../validation';

const fieldOrder = ['current-password', 'new-password', 'confirm-new-password'];

/** Changes the password; an account made with Google or Facebook sets its first one here. */
export function PasswordForm({ user }: { user: User }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = onlyErrors({
      'current-password':
        user.hasPassword && currentPassword.length === 0 ? authMessages.passwordEmpty : undefined,
      'new-password': checkNewPassword(newPassword),
      'confirm-new-password': checkConfirmation(newPassword, confirmation),
    });
    setErrors(found);
    setNotice(null);
    if (focusFirstError(found, fieldOrder)) return;
    setBusy(true);
    try {
      await changePassword(newPassword, user.hasPassword ? currentPassword : undefined);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      setNotice({ kind: 'success', text: authMessages.passwordChanged });
    } catch (error) {
      const fields = fieldErrorsFor(error);
      const code = (error as { code?: string }).code;
      const mapped = onlyErrors({
        'current-password':
          code === 'auth.password_incorrect' ? messageFor(error) : fields.currentPassword,
        'new-password': fields.newPassword ?? fields.password,
      });
      setErrors(mapped);
      if (focusFirstError(mapped, fieldOrder)) return;
      setNotice({ kind: 'error', text: messageFor(error) });
    } finally {
      setBusy(false);
    }
    // Reached with a message to read (success or failure); field errors returned above.
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="password-title">
      <h2 id="password-title" className="account-section-title">
        {user.hasPassword ? 'Change password' : 'Set a password'}
      </h2>
      {!user.hasPassword && (
        <p className="form-text mt-0">
          You sign in with Google or Facebook. Set a password to sign in with your email too.
        </p>
      )}
      {user.hasPassword && (
        <TextField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          error={errors['current-password']}
        />
      )}
      <TextField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
        error={errors['new-password']}
        hint="At least 8 characters. Avoid common passwords."
      />
      <TextField
        id="confirm-new-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
        error={errors['confirm-new-password']}
      />
      <FormMessage id="password-message" notice={notice} ref={messageRef} />
      <SubmitButton
        busy={busy}
        label={user.hasPassword ? 'Change password' : 'Set password'}
        busyLabel="Saving..."
        className="btn btn-primary"
      />
    </form>
  );
}
