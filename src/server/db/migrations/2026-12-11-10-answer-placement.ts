import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * How each answer's question was placed (decision 0110): covered, not covered, not legal, small
 * talk, another language, abroad. Null for questions and for answers stored before it was kept.
 */
export function answerPlacementMigration(_kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chat_messages').addColumn('placement', 'varchar(20)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('chat_messages').dropColumn('placement').execute();
    },
  };
}
