import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/**
 * The firm's side (docs/decisions/0130-roles.md, 0131-case-model.md): staff roles, the
 * append-only audit log, and cases with their messages and private notes.
 */
export function staffAndCasesMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      // A person without a row here has the role `user`.
      await db.schema
        .createTable('staff_roles')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('staff', 'admin')`))
        .addColumn('granted_by', 'text')
        .addColumn('granted_at', t.timestamp, (c) => c.notNull())
        .execute();

      // Who did what, when. No foreign keys: a row outlives the people and records it names.
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_kind', 'text')
        .addColumn('target_id', 'text')
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_created_idx')
        .on('audit_log')
        .columns(['created_at', 'id'])
        .execute();
      // Never editable: the database itself refuses to change or remove a row.
      if (kind === 'postgres') {
        await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
          begin raise exception 'the audit log is append-only'; end $$`.execute(db);
        await sql`create trigger audit_log_no_change before update or delete on audit_log
          for each row execute function audit_log_append_only()`.execute(db);
      } else {
        await sql`create trigger audit_log_no_update before update on audit_log
          begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
        await sql`create trigger audit_log_no_delete before delete on audit_log
          begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
      }

      await db.schema
        .createTable('cases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // Shown as LW-000123: a number people can read out on the phone.
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('area', 'text')
        .addColumn('contact_preference', 'text', (c) =>
          c.notNull().check(sql`contact_preference in ('email', 'phone')`),
        )
        .addColumn('phone', 'text')
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('received', 'in_review', 'answered', 'closed')`),
        )
        .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        // A copy of the conversation's messages (JSON), only when the person chose to share it.
        .addColumn('shared_conversation', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cases_user_idx')
        .on('cases')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('cases_queue_idx')
        .on('cases')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema
        .createTable('case_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
        .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('person', 'firm')`))
        .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('case_messages_case_idx')
        .on('case_messages')
        .columns(['case_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('case_notes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
        .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_email', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('case_notes_case_idx')
        .on('case_notes')
        .columns(['case_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('case_notes').execute();
      await db.schema.dropTable('case_messages').execute();
      await db.schema.dropTable('cases').execute();
      await db.schema.dropTable('audit_log').execute();
      if (kind === 'postgres') await sql`drop function audit_log_append_only`.execute(db);
      await db.schema.dropTable('staff_roles').execute();
    },
  };
}
