import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** The reply path is loaded (src/server/warm-up.ts); ready only once it is done. */
  warmUp: z.enum(['done', 'running']),
});
export type Readiness = z.infer<typeof readinessSchema>;
