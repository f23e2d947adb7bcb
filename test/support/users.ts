import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/database';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { insertUser } from '../../src/server/modules/auth/repository';

/**
 * A person with a confirmed email, made by the auth module's own `insertUser` (what sign-up and
 * social sign-in call), without the mail: for tests and benchmarks whose subject is something
 * else. Returns the new id.
 */
export async function insertVerifiedUser(
  db: Db,
  { email, password, id = randomUUID() }: { email?: string; password?: string; id?: string } = {},
): Promise<string> {
  const now = new Date().toISOString();
  await insertUser(
    db,
    {
      id,
      email: email ?? `${id}@example.com`,
      emailVerifiedAt: now,
      passwordHash: password === undefined ? null : await hashPassword(password),
    },
    now,
  );
  return id;
}
