import { describe, expect, it } from 'vitest';
import { commonPasswords } from './common-passwords';
import {
  argon2Parameters,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  it('hash with argon2id at OWASP parameters (m=19456 KiB, t=2, p=1) and verify', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(argon2Parameters).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def')).toBe(true);
  });

  it('answer false, after the time of a real check, when there is no hash to check', async () => {
    const real = await hashPassword('some password');
    expect(await verifyPassword(null, 'some password')).toBe(false); // makes the dummy hash
    const time = async (stored: string | null) => {
      const started = performance.now();
      await verifyPassword(stored, 'wrong password');
      return performance.now() - started;
    };
    const withHash: number[] = [];
    const withoutHash: number[] = [];
    for (let i = 0; i < 5; i++) {
      withHash.push(await time(real));
      withoutHash.push(await time(null));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
    // Interleaved medians, with a wide margin: the machine may be busy with other work.
    expect(median(withoutHash)).toBeGreaterThan(median(withHash) / 3);
  });

  it('ship a list of a few hundred common passwords and refuse them whatever their case', () => {
    expect(commonPasswords.length).toBeGreaterThanOrEqual(300);
    expect(commonPasswords.every((p) => p.length >= 8)).toBe(true);
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('gentle-otter-sings-at-dawn')).toBe(false);
  });
});
