/** The token ledger's error codes and messages; no zod here, so any page can load it. */
export const tokensErrorCodes = ['tokens.insufficient'] as const;

export const tokensMessages = {
  /** The product spec's zero-balance alert (§5, §8). */
  insufficient: 'Become a Premium member',
} as const;
