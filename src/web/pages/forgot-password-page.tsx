import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authMessages, emailPattern } from '../../shared/auth-messages';
import { ApiError } from '../api-client';
import { forgotPassword } from '../features/auth/auth-api';
import { AuthCard } from '../features/auth/components/auth-card';
import { FormMessage, type Notice } from '../features/auth/components/form-message';
import { SubmitButton } from '../features/auth/components/submit-button';
import { TextField } from '../features/auth/components/text-field';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  function showNotice(value: Notice) {
    setNotice(value);
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    if (!emailPattern.test(email.trim())) {
      setError(authMessages.resetEmptyEmail);
      document.getElementById('email')?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      // The answer is the same whether or not the address has an account.
      await forgotPassword(email.trim());
      showNotice({ kind: 'success', text: authMessages.resetSent });
    } catch (failure) {
      const text =
        failure instanceof ApiError && failure.status === 429
          ? failure.message
          : authMessages.resetFailed;
      showNotice({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <FormMessage id="forgot-message" notice={notice} ref={messageRef} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="email"
          label="Email"
          type="email"
          placeholder="Enter your email to receive password reset"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={error}
          required
        />
        <SubmitButton busy={busy} label="Reset Password" />
      </form>
      <Link className="btn btn-outline-primary btn-lg w-100 mt-3" to="/login">
        Back to Login
      </Link>
    </AuthCard>
  );
}
