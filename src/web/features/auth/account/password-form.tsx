import { useState, type FormEvent } from 'react';
import type { User } from '../../../../shared/auth';
import { authMessages } from '../../../../shared/auth-messages';
import { changePassword } from '../auth-api';
import { FormMessage } from '../../../components/form/form-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { fieldErrorsFor, messageFor } from '../../../error-messages';
import { useFormSubmission } from '../../../components/form/use-form-submission';
import { checkConfirmation, checkNewPassword } from '../validation';

const fieldOrder = ['current-password', 'new-password', 'confirm-new-password'];

/** Changes the password; an account made with Google or Facebook sets its first one here. */
export function PasswordForm({ user }: { user: User }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { busy, errors, notice, messageRef, showNotice, submit } = useFormSubmission(fieldOrder);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({
      checks: {
        'current-password':
          user.hasPassword && currentPassword.length === 0 ? authMessages.passwordEmpty : undefined,
        'new-password': checkNewPassword(newPassword),
        'confirm-new-password': checkConfirmation(newPassword, confirmation),
      },
      send: async () => {
        await changePassword(newPassword, user.hasPassword ? currentPassword : undefined);
        setCurrentPassword('');
        setNewPassword('');
        setConfirmation('');
        showNotice({ kind: 'success', text: authMessages.passwordChanged });
      },
      onFailure: (error) => {
        const fields = fieldErrorsFor(error);
        const code = (error as { code?: string }).code;
        return {
          'current-password':
            code === 'auth.password_incorrect' ? messageFor(error) : fields.currentPassword,
          'new-password': fields.newPassword ?? fields.password,
        };
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="password-title">
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
