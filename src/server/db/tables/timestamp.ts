import type { ColumnType } from 'kysely';

/**
 * Times are ISO-8601 UTC strings in both databases: `timestamptz` in PostgreSQL (read back
 * through a type parser as ISO strings) and `text` in SQLite, so comparisons work the same way.
 */
export type Timestamp = ColumnType<string, string, string>;
