import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { contactLimits, contactRequestSchema, type ContactRequest } from '../../../shared/contact';
import { fieldErrorsOf } from '../../field-errors';
import { ApiError, callApi } from '../../api-client';
import { useHydrated } from '../../use-hydrated';

type FieldName = 'name' | 'email' | 'phone' | 'subject' | 'message';
type Values = Record<FieldName | 'website', string>;

const fieldOrder: FieldName[] = ['name', 'email', 'phone', 'subject', 'message'];
const empty: Values = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

interface FieldProps {
  id: string;
  name: FieldName;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  multiline?: boolean;
  hint?: string;
}

function Field({ id, name, label, error, hint, multiline, required, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // While a field is flagged, its message replaces the hint rather than repeating it.
  const showHint = hint && !error;
  const describedBy = [showHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    className: `form-control${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
    value: input.value,
    onChange: input.onChange,
    maxLength: input.maxLength,
  };
  return (
    <div className={`contact-field contact-field-${name}`}>
      <label className="form-label" htmlFor={id}>
        {label}
        {required ? null : <span className="contact-optional"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} />
      ) : (
        <input {...common} type={input.type ?? 'text'} autoComplete={input.autoComplete} />
      )}
      {showHint ? (
        <p id={hintId} className="form-text">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="invalid-feedback">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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

  function focusFirstError(fields: Partial<Record<string, string>>) {
    const first = fieldOrder.find((name) => fields[name]);
    if (first) document.getElementById(idOf(first))?.focus();
  }

  function change(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const name = event.target.name as keyof Values;
    const value = event.target.value;
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

  const field = (name: FieldName) => ({
    id: idOf(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: change,
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
        <Field
          {...field('name')}
          label="Name"
          autoComplete="name"
          required
          maxLength={contactLimits.name}
        />
        <Field
          {...field('email')}
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
        />
        <Field
          {...field('phone')}
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={contactLimits.phone}
        />
        <Field {...field('subject')} label="Subject" required maxLength={contactLimits.subject} />
        <Field
          {...field('message')}
          label="Message"
          required
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
          onChange={change}
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
