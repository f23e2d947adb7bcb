import type { ColumnType } from 'kysely';

/**
 * Times are ISO-8601 UTC strings in both databases: `timestamptz` in PostgreSQL (read back
 * through a type parser as ISO strings) and `text` in SQLite, so comparisons work the same way.
 */
export type Timestamp = ColumnType<string, string, string>;

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
}

/** Every table, by name. Each module's migration adds its tables here. */
export interface Database {
  users: UsersTable;
}
