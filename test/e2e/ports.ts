/**
 * The ports one end-to-end run uses, all derived from E2E_PORT (default 3210) so that two runs
 * on one machine (each with its own BUILD_DIR) stay apart.
 */
export function e2ePorts() {
  const app = Number(process.env.E2E_PORT || 3210);
  return {
    app,
    smtp: app + 1,
    mailbox: app + 2,
    oidc: app + 3,
    facebook: app + 4,
    llm: app + 5,
    stripe: app + 6,
    /** A second instance of the app, paid through the Stripe stand-in rather than the demo. */
    stripeApp: app + 7,
    /** A third instance with no model configured: the assistant in library mode. */
    libraryApp: app + 8,
  };
}
