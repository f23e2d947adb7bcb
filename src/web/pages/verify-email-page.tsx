import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { authMessages } from '../../shared/auth';
import { resendVerification, verifyEmail } from '../features/auth/auth-api';
import { AuthCard } from '../features/auth/components/auth-card';
import { FormMessage } from '../components/form/form-message';
import { SubmitButton } from '../components/form/submit-button';
import { EmailField } from '../components/form/text-field';
import { messageFor } from '../error-messages';
import { defaultAfterSignIn } from '../features/auth/safe-next';
import { takeLinkToken } from '../link-token';
import { useFormSubmission } from '../components/form/use-form-submission';
import { checkEmail } from '../features/auth/validation';
import { PageLoading } from '../components/ui/page-loading';

/** A link is used once: remember the request so a second render does not spend it again. */
const verifications = new Map<string, Promise<unknown>>();

export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const [token] = useState(takeLinkToken);
  const [failure, setFailure] = useState<string | null>(token ? null : authMessages.linkInvalid);
  const [email, setEmail] = useState('');
  const { busy, errors, notice, messageRef, showNotice, submit } = useFormSubmission(['email']);

  useEffect(() => {
    if (!token) return;
    let pending = verifications.get(token);
    if (!pending) {
      pending = verifyEmail(token);
      verifications.set(token, pending);
    }
    let active = true;
    pending.then(
      () => active && void navigate(defaultAfterSignIn, { replace: true }),
      (error: unknown) => active && setFailure(messageFor(error)),
    );
    return () => {
      active = false;
    };
  }, [token, navigate]);

  function resend(event: FormEvent) {
    event.preventDefault();
    void submit({
      checks: { email: checkEmail(email) },
      send: async () => {
        await resendVerification(email.trim());
        showNotice({ kind: 'success', text: authMessages.verificationSent });
      },
      keepNotice: true,
    });
  }

  if (!failure) {
    return (
      <AuthCard title="Confirming your email">
        <PageLoading />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="We could not confirm your email"
      footer={
        <p className="mb-0">
          Already confirmed? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <p className="alert alert-danger" role="alert">
        {failure}
      </p>
      <p>Enter your email and we will send you a new confirmation link.</p>
      <FormMessage id="verify-message" notice={notice} ref={messageRef} />
      <form noValidate onSubmit={resend}>
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <SubmitButton busy={busy} label="Resend verification email" busyLabel="Sending..." />
      </form>
    </AuthCard>
  );
}
