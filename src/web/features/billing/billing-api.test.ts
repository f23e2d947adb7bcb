import { describe, expect, it } from 'vitest';
import { isSafeRedirect } from './billing-api';

const origin = 'https://lexwise.example';

describe('checkout and portal addresses', () => {
  it('follows our own pages and https pages elsewhere', () => {
    expect(isSafeRedirect('/billing/demo/checkout?session=demo_cs_1', origin)).toBe(true);
    expect(isSafeRedirect('https://checkout.stripe.com/c/pay/cs_test_1', origin)).toBe(true);
    expect(isSafeRedirect('http://localhost:3000/x', 'http://localhost:3000')).toBe(true);
    expect(isSafeRedirect('http://127.0.0.1:12111/c/pay/cs_test_1', origin)).toBe(true);
  });

  it('refuses scripts and plain http elsewhere', () => {
    expect(isSafeRedirect('javascript:alert(1)', origin)).toBe(false);
    expect(isSafeRedirect('http://evil.example/', origin)).toBe(false);
    expect(isSafeRedirect('data:text/html,hi', origin)).toBe(false);
  });
});
