import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api-client';
import type { ConfirmResponse } from '../../../shared/billing';
import { pollCheckoutConfirmation } from './confirm-checkout';

const plan = { id: 'standard-month', name: 'Standard', tier: 'standard' };
const notYet: ConfirmResponse = { confirmed: false, plan };
const done: ConfirmResponse = { confirmed: true, plan };

/** Answers in turn, then repeats the last one. */
function answers(...steps: (ConfirmResponse | Error)[]) {
  let index = 0;
  return vi.fn(async () => {
    const step = steps[Math.min(index, steps.length - 1)]!;
    index += 1;
    if (step instanceof Error) throw step;
    return step;
  });
}

const noWait = vi.fn(async () => undefined);

describe('confirming a checkout', () => {
  it('stops at the first confirmation', async () => {
    const confirm = answers(notYet, notYet, done);
    const outcome = await pollCheckoutConfirmation({
      confirm,
      signal: new AbortController().signal,
      wait: noWait,
    });
    expect(outcome).toEqual({ kind: 'confirmed', planName: 'Standard' });
    expect(confirm).toHaveBeenCalledTimes(3);
  });

  it('asks twenty times, a second apart, then calls it pending', async () => {
    const confirm = answers(notYet);
    const wait = vi.fn(async () => undefined);
    const outcome = await pollCheckoutConfirmation({
      confirm,
      signal: new AbortController().signal,
      wait,
    });
    expect(outcome).toEqual({ kind: 'pending' });
    expect(confirm).toHaveBeenCalledTimes(20);
    expect(wait).toHaveBeenCalledTimes(19);
    expect(wait).toHaveBeenCalledWith(1000, expect.anything());
  });

  it('gives up at once on a session the server does not know', async () => {
    const missing = new ApiError(404, 'billing.session_not_found', 'Not found');
    const confirm = answers(missing);
    const outcome = await pollCheckoutConfirmation({
      confirm,
      signal: new AbortController().signal,
      wait: noWait,
    });
    expect(outcome).toEqual({ kind: 'failed', error: missing });
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('tries again after a passing failure', async () => {
    const offline = new ApiError(0, 'network.failed', 'Offline');
    const busy = new ApiError(503, 'service.unavailable', 'Busy');
    const confirm = answers(offline, busy, done);
    const outcome = await pollCheckoutConfirmation({
      confirm,
      signal: new AbortController().signal,
      wait: noWait,
    });
    expect(outcome.kind).toBe('confirmed');
  });

  it('fails when the server never answered', async () => {
    const offline = new ApiError(0, 'network.failed', 'Offline');
    const outcome = await pollCheckoutConfirmation({
      confirm: answers(offline),
      signal: new AbortController().signal,
      wait: noWait,
      maxTries: 3,
    });
    expect(outcome).toEqual({ kind: 'failed', error: offline });
  });

  it('is pending when the server answered "not yet" before failing', async () => {
    const offline = new ApiError(0, 'network.failed', 'Offline');
    const outcome = await pollCheckoutConfirmation({
      confirm: answers(notYet, offline),
      signal: new AbortController().signal,
      wait: noWait,
      maxTries: 3,
    });
    expect(outcome).toEqual({ kind: 'pending' });
  });

  it('stops when the page leaves', async () => {
    const controller = new AbortController();
    const confirm = vi.fn(async () => {
      controller.abort();
      return notYet;
    });
    const outcome = await pollCheckoutConfirmation({
      confirm,
      signal: controller.signal,
      wait: noWait,
    });
    expect(outcome).toEqual({ kind: 'aborted' });
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('waits with real timers, and wakes at once when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = pollCheckoutConfirmation({
      confirm: answers(notYet),
      signal: controller.signal,
      intervalMs: 10_000,
    });
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toEqual({ kind: 'aborted' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
