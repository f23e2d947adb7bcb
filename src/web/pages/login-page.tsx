import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authMessages } from '../../shared/auth-messages';
import { ApiError } from '../api-client';
import { logIn, resendVerification } from '../features/auth/auth-api';
import { useAuth } from '../features/auth/auth-context';
import { AuthCard } from '../features/auth/components/auth-card';
import { FormMessage, type Notice } from '../components/form/form-message';
import { SocialButtons } from '../features/auth/components/social-buttons';
import { SubmitButton } from '../components/form/submit-button';
import { EmailField, TextField } from '../components/form/text-field';
import { fieldErrorsFor, messageFor, messageForSignInRedirect } from '../error-messages';
import { safeNextPath } from '../features/auth/safe-next';
import { clearSessionHint } from '../features/auth/session-hint';
import { useFormSubmission } from '../components/form/use-form-submission';
import { checkEmail } from '../features/auth/validation';
import { site } from '../site';

/** A message handed over by another page (password reset, sign-out of all devices). */
export interface LoginPageState {
  notice?: Notice;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const providerError = params.get('error');
  const { status } = useAuth();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, errors, notice, messageRef, showNotice, submit } = useFormSubmission(
    ['email', 'password'],
    () => {
      const handedOver = (location.state as LoginPageState | null)?.notice;
      if (handedOver) return handedOver;
      if (!providerError) return null;
      return { kind: 'error', text: messageForSignInRedirect(providerError) };
    },
  );
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  // A social sign-in that came back with an error left no session: forget the hint before the
  // app's start-up check (child effects run before the provider's), so it asks the server nothing.
  useEffect(() => {
    if (providerError) clearSessionHint();
  }, [providerError]);

  // Someone already signed in (or just signed in) goes on to where they were heading.
  useEffect(() => {
    if (status === 'signed-in') void navigate(next, { replace: true });
  }, [status, next, navigate]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setUnverifiedEmail(null);
    void submit({
      checks: {
        email: checkEmail(email),
        password: password.length === 0 ? authMessages.passwordEmpty : undefined,
      },
      // On success the status effect above moves on to `next`.
      send: () => logIn(email.trim(), password),
      leavesPage: true,
      onFailure: (error) => {
        if (error instanceof ApiError && error.code === 'auth.email_not_verified') {
          setUnverifiedEmail(email.trim());
        }
        const fields = fieldErrorsFor(error);
        return error instanceof ApiError && error.code === 'request.invalid' && fields.email
          ? fields
          : {};
      },
    });
  }

  async function resend() {
    if (!unverifiedEmail || resending) return;
    setResending(true);
    try {
      await resendVerification(unverifiedEmail);
      setUnverifiedEmail(null);
      showNotice({ kind: 'success', text: authMessages.verificationSent });
    } catch (error) {
      showNotice({ kind: 'error', text: messageFor(error) });
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title="Sign in"
      lead={`Welcome back. Sign in to ask ${site.productName} your legal questions.`}
      footer={
        <p className="mb-0">
          New here? <Link to="/signUp">Sign Up for Free</Link>
        </p>
      }
    >
      <SocialButtons next={next} />
      <FormMessage id="login-message" notice={notice} ref={messageRef}>
        {unverifiedEmail && (
          <div className="form-message-action">
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => void resend()}
              disabled={resending}
            >
              {resending ? 'Sending...' : 'Resend verification email'}
            </button>
          </div>
        )}
      </FormMessage>
      <form noValidate onSubmit={handleSubmit} aria-describedby="login-message">
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <TextField
          id="password"
          label="Password"
          type="password"
          placeholder="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          required
          labelExtra={
            <Link className="form-label-link" to="/forget">
              Forgot Password?
            </Link>
          }
        />
        <SubmitButton
          busy={busy}
          label={`Sign in with ${site.productName}`}
          busyLabel="Signing in..."
        />
      </form>
    </AuthCard>
  );
}
