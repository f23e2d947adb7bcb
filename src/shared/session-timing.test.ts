import { describe, expect, it } from 'vitest';
import {
  refreshDelayMs,
  retryDelayMs,
  sessionTiming,
  signUpRedirectDelayMs,
} from './session-timing';

describe('session timing', () => {
  it('renews a 15-minute access token 5 minutes before it expires', () => {
    expect(refreshDelayMs(15 * 60)).toBe(10 * 60_000);
  });

  it('renews a short-lived token at half its life, never sooner than 5 s', () => {
    expect(refreshDelayMs(6 * 60)).toBe(3 * 60_000);
    expect(refreshDelayMs(2)).toBe(sessionTiming.minimumDelayMs);
  });

  it('retries after 30 s, doubling up to 16 minutes and staying there', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs).map((ms) => ms / 1000);
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 960, 960]);
  });

  it('waits the spec’s 4 seconds after sign-up', () => {
    expect(signUpRedirectDelayMs).toBe(4000);
  });
});
