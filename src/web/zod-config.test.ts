import { describe, expect, it } from 'vitest';

describe('zod without eval in the browser', () => {
  it('takes jitless from the global our entry sets before zod loads', async () => {
    await import('./zod-config');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
