import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/database';
import { hashPassword } from '../../src/server/modules/auth/passwords';

/**
 * A person with a confirmed email, written straight to the users table (no sign-up, no mail):
 * for tests and benchmarks whose subject is something else. Returns the new id.
 */
export async function insertVerifiedUser(
  db: Db,
  { email, password, id = randomUUID() }: { email?: string; password?: string; id?: string } = {},
): Promise<string> {
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('users')
    .values({
      id,
      email: email ?? `${id}@example.com`,
      email_verified_at: now,
      password_hash: password === undefined ? null : await hashPassword(password),
      given_name: null,
      family_name: null,
      picture_url: null,
      jurisdiction_country: null,
      jurisdiction_region: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
