import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { authMessages } from '../../../shared/auth.js';
import { AppError } from '../../errors.js';
import { commonPasswords } from './common-passwords.js';

/** argon2id with OWASP's minimum parameters: 19 MiB of memory, 2 passes, 1 lane. */
export const argon2Parameters = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, so spelled out under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/** How every hash made with the current parameters begins; older ones are rehashed on sign-in. */
export const currentHashPrefix = `$argon2id$v=19$m=${argon2Parameters.memoryCost},t=${argon2Parameters.timeCost},p=${argon2Parameters.parallelism}$`;

const common = new Set(commonPasswords.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** Refuses a new password found on the common-passwords list (400 auth.password_common). */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new AppError(400, 'auth.password_common', authMessages.passwordCommon, {
      [field]: authMessages.passwordCommon,
    });
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Parameters);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown email, or an account without a
 * password) it still verifies against a dummy hash, so the answer takes the same time.
 */
export async function verifyPassword(storedHash: string | null, password: string) {
  if (storedHash === null) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(currentHashPrefix);
}
