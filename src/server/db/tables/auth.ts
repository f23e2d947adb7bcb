import type { ColumnType } from 'kysely';
import type { Timestamp } from './timestamp.js';

export interface UsersTable {
  id: string;
  email: string;
  email_verified_at: string | null;
  password_hash: string | null;
  given_name: string | null;
  family_name: string | null;
  picture_url: string | null;
  jurisdiction_country: string | null;
  jurisdiction_region: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while an admin has the account disabled: it cannot sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One issued refresh token; a family is one sign-in, rotated token after token. */
export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  /** SHA-256 of the token, base64url; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when the token is rotated (replaced_by then names its successor) or its family revoked. */
  revoked_at: string | null;
  replaced_by: string | null;
  user_agent: string | null;
}

export type EmailTokenPurpose = 'verify' | 'reset';

/** A single-use token sent in an email link. */
export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: string | null;
}

/** A user's account at a social sign-in provider; (provider, subject) is unique. */
export interface OAuthAccountsTable {
  id: string;
  user_id: string;
  provider: 'google' | 'facebook';
  /** The provider's stable id for the person: OpenID `sub`, or Facebook's user id. */
  subject: string;
  /** The email the provider reported when the link was made. */
  email: string | null;
  created_at: Timestamp;
}
