import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authMessages, emailPattern } from '../../shared/auth-messages';
import { ApiError } from '../api-client';
import { forgotPassword } from '../features/auth/auth-api';
import { AuthCard } from '../features/auth/components/auth-card';
import { FormMessage } from '../components/form/form-message';
import { SubmitButton } from '../components/form/submit-button';
import { EmailField } from '../components/form/text-field';
import { useFormSubmission } from '../components/form/use-form-submission';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const { busy, errors, notice, messageRef, showNotice, submit } = useFormSubmission(['email']);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({
      checks: { email: emailPattern.test(email.trim()) ? undefined : authMessages.resetEmptyEmail },
      send: async () => {
        // The answer is the same whether or not the address has an account.
        await forgotPassword(email.trim());
        showNotice({ kind: 'success', text: authMessages.resetSent });
      },
      failureMessage: (failure) =>
        failure instanceof ApiError && failure.status === 429
          ? failure.message
          : authMessages.resetFailed,
    });
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <FormMessage id="forgot-message" notice={notice} ref={messageRef} />
      <form noValidate onSubmit={handleSubmit}>
        <EmailField
          value={email}
          onChange={setEmail}
          error={errors.email}
          placeholder="Enter your email to receive password reset"
        />
        <SubmitButton busy={busy} label="Reset Password" />
      </form>
      <Link className="btn btn-outline-primary btn-lg w-100 mt-3" to="/login">
        Back to Login
      </Link>
    </AuthCard>
  );
}
