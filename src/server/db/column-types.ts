import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseKind } from './database.js';

/** Column types that differ between the two databases; migrations ask for them by meaning. */
export function columnTypes(kind: DatabaseKind) {
  return {
    timestamp: (kind === 'postgres' ? sql`timestamptz` : sql`text`) as RawBuilder<unknown>,
    bigint: (kind === 'postgres' ? sql`bigint` : sql`integer`) as RawBuilder<unknown>,
    json: (kind === 'postgres' ? sql`jsonb` : sql`text`) as RawBuilder<unknown>,
  };
}

export type MigrationDb = Kysely<unknown>;
