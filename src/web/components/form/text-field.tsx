import type { ChangeEvent, HTMLInputAutoCompleteAttribute, ReactNode } from 'react';

/**
 * A labelled input (or, `multiline`, a textarea) whose error is tied to it (aria-invalid,
 * aria-describedby): the one field of every form.
 */
export function TextField({
  id,
  name = id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  placeholder,
  autoComplete,
  hint,
  labelExtra,
  disabled,
  required,
  markRequired,
  markOptional,
  multiline,
  maxLength,
  hintYieldsToError,
  className,
}: {
  id: string;
  /** The form field's name; the id by default. */
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'email' | 'password' | 'url' | 'tel';
  placeholder?: string;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  hint?: ReactNode;
  /** Shown at the end of the label row (the "Forgot Password?" link). */
  labelExtra?: ReactNode;
  disabled?: boolean;
  /** The browser's own required check. */
  required?: boolean;
  /** Announced as required (aria-required) without the browser's check: a form that checks itself. */
  markRequired?: boolean;
  /** Adds "(optional)" to the label. */
  markOptional?: boolean;
  multiline?: boolean;
  maxLength?: number;
  /** While the field is flagged, its message replaces the hint rather than following it. */
  hintYieldsToError?: boolean;
  /** Classes added to the field's wrapper (a grid placement). */
  className?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = hint && !(hintYieldsToError && error);
  const describedBy = [showHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    className: `form-control${error ? ' is-invalid' : ''}`,
    value,
    placeholder,
    disabled,
    required,
    maxLength,
    'aria-required': markRequired || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value),
  };
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <div className="form-label-row">
        <label className="form-label" htmlFor={id}>
          {label}
          {markOptional ? <span className="form-optional"> (optional)</span> : null}
        </label>
        {labelExtra}
      </div>
      {multiline ? (
        <textarea {...common} rows={6} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} />
      )}
      {showHint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

/** The email field of the sign-in forms (id "email", required), in the spec's words. */
export function EmailField({
  placeholder = 'Enter your Email',
  ...field
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <TextField
      id="email"
      label="Email"
      type="email"
      placeholder={placeholder}
      autoComplete="email"
      required
      {...field}
    />
  );
}
