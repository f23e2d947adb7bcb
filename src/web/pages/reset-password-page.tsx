import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../api-client';
import { resetPassword } from '../features/auth/auth-api';
import { AuthCard } from '../features/auth/components/auth-card';
import { FormMessage } from '../components/form/form-message';
import { SubmitButton } from '../components/form/submit-button';
import { TextField } from '../components/form/text-field';
import { fieldErrorsFor } from '../error-messages';
import { useFormSubmission } from '../components/form/use-form-submission';
import { takeLinkToken } from '../link-token';
import { checkConfirmation, checkNewPassword } from '../features/auth/validation';
import type { LoginPageState } from './login-page';
import { authMessages } from '../../shared/auth';

const fieldOrder = ['password', 'confirmPassword'];

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(takeLinkToken);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const { busy, errors, notice, messageRef, submit } = useFormSubmission(fieldOrder);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    void submit({
      checks: {
        password: checkNewPassword(password),
        confirmPassword: checkConfirmation(password, confirmPassword),
      },
      send: async () => {
        await resetPassword(token, password);
        const state: LoginPageState = {
          notice: { kind: 'success', text: authMessages.passwordResetDone },
        };
        void navigate('/login', { replace: true, state });
      },
      leavesPage: true,
      onFailure: (error) => {
        if (error instanceof ApiError && error.code === 'auth.link_invalid') {
          setLinkInvalid(true);
          return null;
        }
        return { password: fieldErrorsFor(error).password };
      },
    });
  }

  if (linkInvalid) {
    return (
      <AuthCard title="Choose a new password">
        <p className="alert alert-danger" role="alert">
          {authMessages.linkInvalid}
        </p>
        <Link className="btn btn-primary btn-lg w-100" to="/forget">
          Request a new link
        </Link>
        <Link className="btn btn-outline-primary btn-lg w-100 mt-3" to="/login">
          Back to Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" lead="Enter your new password twice.">
      <FormMessage id="reset-message" notice={notice} ref={messageRef} />
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          id="password"
          label="New password"
          type="password"
          placeholder="New password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint="At least 8 characters. Avoid common passwords."
          required
        />
        <TextField
          id="confirmPassword"
          label="Confirm new password"
          type="password"
          placeholder="Confirm new password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          error={errors.confirmPassword}
          required
        />
        <SubmitButton busy={busy} label="Save new password" busyLabel="Saving..." />
      </form>
    </AuthCard>
  );
}
