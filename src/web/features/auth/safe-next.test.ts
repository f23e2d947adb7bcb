import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('follows a path on this site, with its query', () => {
    expect(safeNextPath('/account')).toBe('/account');
    expect(safeNextPath('/pricing?plan=standard')).toBe('/pricing?plan=standard');
  });

  it('goes to the chat when nothing, or something off-site, is asked for', () => {
    for (const next of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\u0000x',
    ]) {
      expect(safeNextPath(next)).toBe('/chatbot');
    }
  });

  it('never leads back to a sign-in page', () => {
    expect(safeNextPath('/login')).toBe('/chatbot');
    expect(safeNextPath('/signUp')).toBe('/chatbot');
    expect(safeNextPath('/reset-password#token=x')).toBe('/chatbot');
  });
});

describe('loginPathFor', () => {
  it('names the page to come back to', () => {
    expect(loginPathFor('/chatbot')).toBe('/login?next=%2Fchatbot');
    expect(loginPathFor('/account?tab=1')).toBe('/login?next=%2Faccount%3Ftab%3D1');
  });
});
