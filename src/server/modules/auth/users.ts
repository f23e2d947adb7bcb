import type { User } from '../../../shared/auth.js';
import { visibleName } from '../../../shared/text.js';
import type { UserRow } from './repository.js';

/** The user as the API shows it: never the password hash. */
export function toApiUser(row: UserRow): User {
  // visibleName: names stored before invisible characters were refused are shown without them.
  const givenName = row.given_name === null ? null : visibleName(row.given_name) || null;
  const familyName = row.family_name === null ? null : visibleName(row.family_name) || null;
  const fullName = [givenName, familyName].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    givenName,
    familyName,
    name: fullName || row.email.split('@')[0] || row.email,
    picture: row.picture_url,
    jurisdiction: { country: row.jurisdiction_country, region: row.jurisdiction_region },
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
  };
}
