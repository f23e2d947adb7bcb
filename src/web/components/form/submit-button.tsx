/** The form's main button: dulled and disabled while busy, with the spec's busy text. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
  className = 'btn btn-primary btn-lg w-100',
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy}>
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}
