import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { authMessages } from '../../shared/auth-messages';
import { signUpRedirectDelayMs } from '../../shared/session-timing';
import { ApiError } from '../api-client';
import { registerAccount } from '../features/auth/auth-api';
import { AuthCard } from '../features/auth/components/auth-card';
import { FormMessage } from '../components/form/form-message';
import { SocialButtons } from '../features/auth/components/social-buttons';
import { SubmitButton } from '../components/form/submit-button';
import { EmailField, TextField } from '../components/form/text-field';
import { fieldErrorsFor } from '../error-messages';
import { defaultAfterSignIn } from '../features/auth/safe-next';
import { useFormSubmission } from '../components/form/use-form-submission';
import { checkConfirmation, checkEmail, checkNewPassword } from '../features/auth/validation';
import { site } from '../site';

const fieldOrder = ['email', 'password', 'confirmPassword'];

export default function SignUpPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState(false);
  const { busy, errors, notice, messageRef, showNotice, submit } = useFormSubmission(fieldOrder);

  // The spec: after success, wait 4 seconds, then go to the sign-in page.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login'), signUpRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (done) return;
    void submit({
      checks: {
        email: checkEmail(email),
        password: checkNewPassword(password),
        confirmPassword: checkConfirmation(password, confirmPassword),
      },
      send: async () => {
        await registerAccount(email.trim(), password);
        setDone(true);
        showNotice({ kind: 'success', text: authMessages.verificationSent });
      },
      // A rate limit's message says how long to wait, so it is shown whole.
      onFailure: (error) =>
        error instanceof ApiError && error.status === 429
          ? {}
          : { email: fieldErrorsFor(error).email, password: fieldErrorsFor(error).password },
    });
  }

  return (
    <AuthCard
      title="Create your account"
      lead={`Sign up to ask ${site.productName} your legal questions, free.`}
      footer={
        <p className="mb-0">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <SocialButtons next={defaultAfterSignIn} />
      <FormMessage id="signup-message" notice={notice} ref={messageRef} />
      <form noValidate onSubmit={handleSubmit}>
        <EmailField value={email} onChange={setEmail} error={errors.email} disabled={done} />
        <TextField
          id="password"
          label="Password"
          type="password"
          placeholder="Password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint="At least 8 characters. Avoid common passwords."
          disabled={done}
          required
        />
        <TextField
          id="confirmPassword"
          label="Confirm Password"
          type="password"
          placeholder="Confirm Password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          error={errors.confirmPassword}
          disabled={done}
          required
        />
        <SubmitButton
          busy={busy}
          disabled={done}
          label={`Sign up with ${site.productName}`}
          busyLabel="Signing Up..."
        />
      </form>
    </AuthCard>
  );
}
