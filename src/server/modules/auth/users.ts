import type { User } from '../../../shared/auth.js';
import type { UserRow } from './repository.js';

/** The user as the API shows it: never the password hash. */
export function toApiUser(row: UserRow): User {
  const fullName = [row.given_name, row.family_name].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    givenName: row.given_name,
    familyName: row.family_name,
    name: fullName || row.email.split('@')[0] || row.email,
    picture: row.picture_url,
    jurisdiction: { country: row.jurisdiction_country, region: row.jurisdiction_region },
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
  };
}
