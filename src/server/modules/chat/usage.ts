import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/types.js';

/** A stored time's UTC day (YYYY-MM-DD) on either database. */
function dayOf(db: Db, column: string): RawBuilder<string> {
  return db.kind === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/**
 * The chat's usage as the console reads it (decision 0133): read-only, from chat's own tables.
 * "Declined" lists the legal questions our guides do not cover (an answer's placement, decision
 * 0110): the guides to write next.
 */
type AnswerQuery = SelectQueryBuilder<
  Database,
  'chat_messages',
  { id: string; conversation_id: string; content: string; created_at: string }
>;

export function createChatUsage(db: Db) {
  const k = db.kysely;
  return {
    /** Per UTC day since `from`: people who asked, questions asked, tokens charged for answers. */
    async perDay(from: string) {
      const day = dayOf(db, 'created_at');
      const asked = await k
        .selectFrom('chat_messages')
        .select([
          day.as('day'),
          (eb) => eb.fn.count<number>('id').as('questions'),
          (eb) => eb.fn.count<number>('user_id').distinct().as('people'),
        ])
        .where('role', '=', 'user')
        .where('created_at', '>=', from)
        .groupBy(day)
        .execute();
      const charged = await k
        .selectFrom('chat_messages')
        .select([day.as('day'), (eb) => eb.fn.sum<number>('charged').as('tokens')])
        .where('role', '=', 'assistant')
        .where('created_at', '>=', from)
        .groupBy(day)
        .execute();
      const tokens = new Map(charged.map((r) => [r.day, Number(r.tokens)]));
      return asked.map((r) => ({
        day: r.day,
        people: Number(r.people),
        questions: Number(r.questions),
        tokens: tokens.get(r.day) ?? 0,
      }));
    },

    /** The newest declined answers with the question each answered. */
    declined: (limit: number) =>
      newestAnswers((q) => q.where('placement', '=', 'not-covered'), limit),

    /** The newest answers people marked unhelpful, with the answer and its question. */
    unhelpful: (limit: number) => newestAnswers((q) => q.where('feedback', '=', 'down'), limit),
  };

  /** The newest answers that `only` keeps, each with the question it answered. */
  async function newestAnswers(only: (query: AnswerQuery) => AnswerQuery, limit: number) {
    const answers = await only(
      k
        .selectFrom('chat_messages')
        .select(['id', 'conversation_id', 'content', 'created_at'])
        .where('role', '=', 'assistant'),
    )
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return withQuestions(answers);
  }

  async function withQuestions(
    answers: { id: string; conversation_id: string; content: string; created_at: string }[],
  ) {
    if (answers.length === 0) return [];
    const questions = await k
      .selectFrom('chat_messages')
      .select(['conversation_id', 'content', 'created_at'])
      .where('role', '=', 'user')
      .where('conversation_id', 'in', [...new Set(answers.map((a) => a.conversation_id))])
      .orderBy('created_at', 'asc')
      .execute();
    return answers.map((answer) => {
      const asked = questions.filter(
        (q) => q.conversation_id === answer.conversation_id && q.created_at <= answer.created_at,
      );
      return {
        question: asked[asked.length - 1]?.content ?? '',
        answer: answer.content,
        createdAt: answer.created_at,
      };
    });
  }
}

export type ChatUsage = ReturnType<typeof createChatUsage>;
