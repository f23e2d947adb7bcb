import { useEffect, useId, useState, type FormEvent } from 'react';
import { contactLimits, contactRequestSchema, type ContactRequest } from '../../../shared/contact';
import { fieldErrorsOf } from '../../components/form/field-errors';
import { TextField } from '../../components/form/text-field';
import { ApiError, callApi } from '../../api-client';
import { useHydrated } from '../../use-hydrated';

type FieldName = 'name' | 'email' | 'phone' | 'subject' | 'message';
type Values = Record<FieldName | 'website', string>;

const fieldOrder: FieldName[] = ['name', 'email', 'phone', 'subject', 'message'];
const empty: Values = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

/**
 * The contact form: checked in the browser with the server's own schema, sent as JSON. On any
 * failure, everything typed stays in place so the visitor can simply send again.
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const idOf = (name: string) => `${id}-${name}`;

  // "Ask a lawyer" in the chat opens this page with the question: it fills what is still empty.
  // Read after hydration (the prerendered page has no query), as a task of its own.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const subject = (params.get('subject') ?? '').slice(0, contactLimits.subject);
    const message = (params.get('message') ?? '').slice(0, contactLimits.message);
    if (!subject && !message) return;
    const timer = setTimeout(() =>
      setValues((current) => ({
        ...current,
        subject: current.subject || subject,
        message: current.message || message,
      })),
    );
    return () => clearTimeout(timer);
  }, []);

  function focusFirstError(fields: Partial<Record<string, string>>) {
    const first = fieldOrder.find((name) => fields[name]);
    if (first) document.getElementById(idOf(first))?.focus();
  }

  function change(name: keyof Values, value: string) {
    const next = { ...values, [name]: value };
    // From the latest state: several fields can change before a render (a browser's autofill).
    setValues((current) => ({ ...current, [name]: value }));
    setSent(null);
    // Once a field has been flagged, its message follows the typing until it is right.
    if (name !== 'website' && errors[name]) {
      setErrors({ ...errors, [name]: fieldErrorsOf(contactRequestSchema, next)[name] });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSent(null);
    setFailure(null);
    const request: ContactRequest = { ...values };
    const fields = fieldErrorsOf(contactRequestSchema, request);
    setErrors(fields);
    if (Object.keys(fields).length > 0) {
      focusFirstError(fields);
      return;
    }
    setSending(true);
    try {
      const { message } = await callApi('POST /api/contact', { body: request });
      setValues(empty);
      setSent(message);
    } catch (error) {
      const failed =
        error instanceof ApiError ? error : new ApiError(0, 'internal', 'Something went wrong.');
      if (Object.keys(failed.fields).length > 0) {
        setErrors(failed.fields);
        focusFirstError(failed.fields);
      } else {
        setFailure(failed.message);
      }
    } finally {
      setSending(false);
    }
  }

  // Every field but phone is required; the form checks itself (noValidate), so "required" is
  // announced (aria-required) and the optional one is marked in its label.
  const field = (name: FieldName) => ({
    id: idOf(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => change(name, value),
    markRequired: name !== 'phone',
    markOptional: name === 'phone',
    hintYieldsToError: true,
    className: `contact-field contact-field-${name}`,
  });

  return (
    <form
      className="contact-form"
      method="post"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="contact-form-title">
        Send us a message
      </h2>
      <p className="contact-form-lead">
        Fields marked “optional” may be left empty. Please do not include confidential details of
        your case; a lawyer will ask for what is needed.
      </p>
      <div className="contact-fields">
        <TextField
          {...field('name')}
          label="Name"
          autoComplete="name"
          maxLength={contactLimits.name}
        />
        <TextField
          {...field('email')}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
        />
        <TextField
          {...field('phone')}
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={contactLimits.phone}
        />
        <TextField {...field('subject')} label="Subject" maxLength={contactLimits.subject} />
        <TextField
          {...field('message')}
          label="Message"
          multiline
          maxLength={contactLimits.message}
          hint={`At least ${contactLimits.messageMin} characters.`}
        />
      </div>
      {/* The honeypot: hidden from people and assistive technology; only a bot fills it in. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={idOf('website')}>Leave this field empty</label>
        <input
          id={idOf('website')}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => change('website', event.target.value)}
        />
      </div>
      {failure ? (
        <div className="alert alert-danger contact-failure" role="alert">
          <p className="mb-1">
            <strong>Your message was not sent.</strong> {failure}
          </p>
          <p className="mb-0">Everything you typed is still here: please send it again.</p>
        </div>
      ) : null}
      <div className="contact-actions">
        <button className="btn btn-accent btn-lg" type="submit" disabled={sending || !hydrated}>
          {sending ? 'Sending…' : 'Send Message'}
        </button>
        <div className="contact-status" role="status">
          {sent ? <p className="alert alert-success mb-0">{sent}</p> : null}
        </div>
      </div>
    </form>
  );
}
