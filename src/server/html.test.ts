import { describe, expect, it } from 'vitest';
import { jsonForScriptElement } from './html';

describe('jsonForScriptElement', () => {
  it('cannot close the script element or open a comment, and still parses to the same value', () => {
    const value = { headline: '</script><script>alert(1)</script> <!-- & \u2028' };
    const text = jsonForScriptElement(value);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
