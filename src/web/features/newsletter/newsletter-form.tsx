import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../components/form/field-errors';
import { ApiError, callApi } from '../../api-client';
import { useHydrated } from '../../use-hydrated';

/** The footer's newsletter field: a confirmation email follows (double opt-in). */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setDone(null);
    const request = { email, website };
    // The schema (and zod) load on the first submit: the footer is on every page's first load.
    const { newsletterSubscribeSchema } = await import('../../../shared/newsletter');
    const invalid = fieldErrorsOf(newsletterSubscribeSchema, request).email;
    setError(invalid ?? null);
    if (invalid) {
      document.getElementById(inputId)?.focus();
      return;
    }
    setSending(true);
    try {
      const { message } = await callApi('POST /api/newsletter/subscribe', {
        body: request,
      });
      setEmail('');
      setDone(message);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fields.email ?? `${failure.message} Please try again.`)
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="footer-heading">
        Newsletter
      </h2>
      <p className="newsletter-lead">
        Plain-language legal updates from our team. Unsubscribe at any time.
      </p>
      <form className="newsletter-form" method="post" noValidate onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>
          Email address for the newsletter
        </label>
        <div className="newsletter-row">
          <input
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            placeholder="Your email address"
            maxLength={254}
            className={`form-control${error ? ' is-invalid' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setDone(null);
            }}
          />
          <button className="btn btn-accent" type="submit" disabled={sending || !hydrated}>
            {sending ? 'Subscribing…' : 'Subscribe'}
          </button>
        </div>
        {/* The honeypot: hidden from people and assistive technology; only a bot fills it in. */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Leave this field empty</label>
          <input
            id={`${id}-website`}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </div>
        {error ? (
          <p id={errorId} className="newsletter-error">
            {error}
          </p>
        ) : null}
        <p className="newsletter-status" role="status">
          {done}
        </p>
      </form>
    </section>
  );
}
