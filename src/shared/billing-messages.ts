/** Billing's error codes and messages; no zod here, so any page can load it. */
export const billingErrorCodes = [
  'billing.unavailable',
  'billing.session_not_found',
  'billing.no_subscription',
  'billing.webhook_invalid',
] as const;

export const billingMessages = {
  unavailable: 'Payments are not available right now. Please try again in a few minutes.',
  sessionNotFound: 'That checkout was not found.',
  noSubscription: 'You have no paid plan to manage yet.',
  webhookInvalid: 'The event’s signature is missing, forged or too old.',
  checkoutFailed: 'The checkout could not be opened. Please try again.',
  portalFailed: 'Billing could not be opened. Please try again.',
} as const;
