/** The token balance API contract, shared by the server's routes and the web app. */
import { z } from 'zod';

export { tokensErrorCodes, tokensMessages } from './tokens-messages.js';

export const ledgerKinds = ['grant', 'expire', 'hold', 'release', 'charge'] as const;

export const ledgerEntrySchema = z.object({
  kind: z.enum(ledgerKinds),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const tokenStatusSchema = z.object({
  balance: z.number().int(),
  plan: z.object({ id: z.string(), name: z.string(), tier: z.string() }),
  /** Premium: shown as "Unlimited" (a fair-use ceiling still applies). */
  unlimited: z.boolean(),
  /** What each window grants, and when the current one ends and the balance renews. */
  allowance: z.number().int(),
  renewsAt: z.string(),
  /**
   * How many of the person's replies are being written now, on any instance. A reply's charge is
   * settled when its stream ends, so at 0 the balance is final.
   */
  streaming: z.number().int().min(0),
  /** The newest ledger rows, newest first. */
  recent: z.array(ledgerEntrySchema),
});
export type TokenStatus = z.infer<typeof tokenStatusSchema>;
