import { checkoutReturnMessages, type CheckoutReturn } from './use-checkout-return';

/** The line that says how confirming a payment is going; nothing once dismissed. */
export function CheckoutReturnStatus({
  state,
  onDismiss,
}: {
  state: CheckoutReturn;
  onDismiss: () => void;
}) {
  if (state.phase === 'idle') return null;
  const failed = state.phase === 'failed';
  const text =
    state.phase === 'confirming'
      ? checkoutReturnMessages.confirming
      : state.phase === 'confirmed'
        ? checkoutReturnMessages.confirmed(state.planName)
        : state.phase === 'pending'
          ? checkoutReturnMessages.pending
          : state.message;
  const tone = failed ? 'danger' : state.phase === 'confirmed' ? 'success' : 'info';
  return (
    // A new element when it turns into a failure: an alert is announced as it appears.
    <div
      key={failed ? 'alert' : 'status'}
      className={`checkout-status alert alert-${tone}`}
      role={failed ? 'alert' : 'status'}
    >
      <span>{text}</span>
      {state.phase === 'confirming' ? null : (
        <button
          type="button"
          className="btn btn-sm btn-link checkout-status-dismiss"
          onClick={onDismiss}
        >
          Dismiss
        </button>
      )}
    </div>
  );
}
