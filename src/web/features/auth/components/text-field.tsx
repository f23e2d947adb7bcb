import type { ChangeEvent, HTMLInputAutoCompleteAttribute, ReactNode } from 'react';

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({
  id,
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
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'email' | 'password' | 'url';
  placeholder?: string;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  hint?: ReactNode;
  /** Shown at the end of the label row (the "Forgot Password?" link). */
  labelExtra?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <div className="form-label-row">
        <label className="form-label" htmlFor={id}>
          {label}
        </label>
        {labelExtra}
      </div>
      <input
        id={id}
        name={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {hint && (
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
