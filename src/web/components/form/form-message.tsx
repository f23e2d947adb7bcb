import type { ReactNode, Ref } from 'react';

export interface Notice {
  kind: 'error' | 'success' | 'info';
  text: string;
}

/**
 * The message line of a form. It is focusable so the page can move focus to it after a submit,
 * and a live region so screen readers announce it without focus too.
 */
export function FormMessage({
  notice,
  id,
  ref,
  children,
}: {
  notice: Notice | null;
  id: string;
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  const kind = notice?.kind ?? 'info';
  return (
    <div
      id={id}
      ref={ref}
      tabIndex={-1}
      role={kind === 'error' ? 'alert' : 'status'}
      className={notice ? `form-message alert alert-${kind === 'error' ? 'danger' : kind}` : ''}
    >
      {notice?.text}
      {notice && children}
    </div>
  );
}
