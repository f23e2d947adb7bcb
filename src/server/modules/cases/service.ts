import type { z } from 'zod';
import {
  caseLimits,
  caseMessages,
  caseNumberLabel,
  type CaseStatus,
  type caseMessageSchema,
  type CaseSummary,
  type createCaseRequestSchema,
  type DeskCase,
  type DeskCaseSummary,
  type deskQueueQuerySchema,
  type OwnCase,
  type SharedMessage,
} from '../../../shared/cases.js';
import { messageText } from '../../../shared/chat.js';
import type { Config } from '../../config.js';
import { inTransaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import type { AuthService } from '../auth/service.js';
import type { ChatService } from '../chat/service.js';
import { renderEmail } from '../mail/templates.js';
import type { StaffActor, StaffService } from '../staff/service.js';
import {
  casesPerDay,
  findCase,
  insertCase,
  insertCaseMessage,
  insertCaseNote,
  listCaseMessages,
  listCaseNotes,
  listCasesOf,
  listQueue,
  updateCase,
  type CaseMessageRow,
  type CaseRow,
} from './repository.js';

export type CreateCaseInput = z.output<typeof createCaseRequestSchema>;

const hour = 60 * 60 * 1000;
export const caseRateLimits = {
  create: { name: 'cases:create', max: 10, windowMs: hour },
  reply: { name: 'cases:reply', max: 60, windowMs: hour },
};

const caseNotFound = () => notFound('That case');
const caseMailKinds = { reply: 'cases.reply', opened: 'cases.opened' };
const queuePage = 50;

function summaryOf(row: CaseRow): CaseSummary {
  return {
    id: row.id,
    number: caseNumberLabel(Number(row.number)),
    question: row.question,
    state: row.state,
    area: row.area,
    status: row.status,
    contactPreference: row.contact_preference,
    shared: row.shared_conversation !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function messageOf(row: CaseMessageRow): z.infer<typeof caseMessageSchema> {
  return { id: row.id, author: row.author, body: row.body, createdAt: row.created_at };
}

function sharedOf(row: CaseRow): SharedMessage[] | null {
  return row.shared_conversation === null
    ? null
    : (JSON.parse(row.shared_conversation) as SharedMessage[]);
}

/**
 * Cases (docs/decisions/0131-case-model.md): a person's questions to the firm and the desk where
 * staff work them. Every staff action is written to the audit log in the transaction that does it.
 */
export function createCasesService(
  deps: ModuleDeps,
  { auth, chat, staff }: { auth: AuthService; chat: ChatService; staff: StaffService },
) {
  const { config, db, mailOutbox, rateLimiter } = deps;

  /** A staff request's case, any owner's; 404 when there is none. */
  async function caseForStaff(id: string): Promise<CaseRow> {
    const row = await findCase(db, id);
    if (!row) throw caseNotFound();
    return row;
  }

  async function ownCase(row: CaseRow): Promise<OwnCase> {
    return {
      ...summaryOf(row),
      phone: row.phone,
      messages: (await listCaseMessages(db, row.id)).map(messageOf),
      sharedConversation: sharedOf(row),
    };
  }

  async function deskSummaries(rows: CaseRow[]): Promise<DeskCaseSummary[]> {
    const people = new Map(
      (
        await auth.findUsersByIds(
          rows.flatMap((r) => (r.assignee_id ? [r.user_id, r.assignee_id] : [r.user_id])),
        )
      ).map((u) => [u.id, u.email]),
    );
    return rows.map((row) => ({
      ...summaryOf(row),
      personEmail: people.get(row.user_id) ?? '',
      assignee: row.assignee_id
        ? { id: row.assignee_id, email: people.get(row.assignee_id) ?? '' }
        : null,
    }));
  }

  async function deskCase(id: string): Promise<DeskCase> {
    const row = await caseForStaff(id);
    const [summary] = await deskSummaries([row]);
    return {
      ...summary!,
      phone: row.phone,
      messages: (await listCaseMessages(db, id)).map(messageOf),
      notes: (await listCaseNotes(db, id)).map((n) => ({
        id: n.id,
        authorEmail: n.author_email,
        body: n.body,
        createdAt: n.created_at,
      })),
      staff: await staff.members(),
    };
  }

  async function insertNumbered(input: Parameters<typeof insertCase>[1]) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await inTransaction(db, async (trx) => {
          const row = await insertCase(trx, input);
          if (config.contactInbox) {
            await mailOutbox.enqueue(trx, openedMail(config, row, config.contactInbox), {
              kind: caseMailKinds.opened,
              reference: row.id,
            });
          }
          return row;
        });
      } catch (error) {
        if (attempt < 20 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  return {
    /** Opens a case; with `shareConversation`, stores a copy of that conversation so far. */
    async create(userId: string, input: CreateCaseInput): Promise<OwnCase> {
      await rateLimiter.hit(caseRateLimits.create, userId);
      let shared: string | null = null;
      if (input.shareConversation && input.conversationId) {
        // The person's own conversation or 404 (chat checks the owner).
        const conversation = await chat.getConversation(userId, input.conversationId);
        const copy: SharedMessage[] = conversation.messages
          .slice(-caseLimits.sharedMessages)
          .map((m) => ({ role: m.role, content: messageText(m), createdAt: m.metadata.createdAt }));
        shared = JSON.stringify(copy);
      }
      const row = await insertNumbered({
        userId,
        question: input.question,
        state: input.state,
        area: input.area ?? null,
        contactPreference: input.contactPreference,
        phone: input.phone || null,
        sharedConversation: shared,
      });
      mailOutbox.wake();
      return ownCase(row);
    },

    async list(userId: string): Promise<CaseSummary[]> {
      return (await listCasesOf(db, userId)).map(summaryOf);
    },

    async get(userId: string, id: string): Promise<OwnCase> {
      const row = await findCase(db, id, userId);
      if (!row) throw caseNotFound();
      return ownCase(row);
    },

    /** The person answers back; an answered case goes back to review. */
    async reply(userId: string, id: string, body: string): Promise<OwnCase> {
      await rateLimiter.hit(caseRateLimits.reply, userId);
      const row = await findCase(db, id, userId);
      if (!row) throw caseNotFound();
      if (row.status === 'closed') throw new AppError(409, 'cases.closed', caseMessages.closed);
      await inTransaction(db, async (trx) => {
        await insertCaseMessage(trx, { caseId: id, author: 'person', authorId: userId, body });
        await updateCase(trx, id, { status: row.status === 'answered' ? 'in_review' : row.status });
      });
      return ownCase((await findCase(db, id, userId))!);
    },

    /** Everything a person's cases hold, for "download my data" (notes are the firm's own). */
    async exportFor(userId: string) {
      const rows = await listCasesOf(db, userId, 10_000);
      return Promise.all(rows.map(ownCase));
    },

    // The desk.

    async queue(actor: StaffActor, query: z.output<typeof deskQueueQuerySchema>) {
      const offset = query.offset ?? 0;
      const assignee =
        query.assignee === 'me' ? actor.user.id : query.assignee === 'none' ? null : query.assignee;
      const rows = await listQueue(db, {
        status: query.status,
        state: query.state,
        area: query.area,
        assignee,
        offset,
        limit: queuePage + 1,
      });
      return {
        cases: await deskSummaries(rows.slice(0, queuePage)),
        nextOffset: rows.length > queuePage ? offset + queuePage : null,
      };
    },

    deskCase,
    perDay: (from: string) => casesPerDay(db, from),

    /** The copy of the conversation the person shared; each opening is audited. */
    async sharedConversation(actor: StaffActor, id: string) {
      const row = await caseForStaff(id);
      const messages = sharedOf(row);
      if (!messages) throw notFound('A shared conversation');
      await staff.audit(db, actor, {
        action: 'case.conversation_opened',
        targetKind: 'case',
        targetId: id,
        detail: { number: caseNumberLabel(Number(row.number)) },
      });
      return { messages };
    },

    async addNote(actor: StaffActor, id: string, body: string): Promise<DeskCase> {
      const row = await caseForStaff(id);
      await inTransaction(db, async (trx) => {
        await insertCaseNote(trx, {
          caseId: id,
          authorId: actor.user.id,
          authorEmail: actor.user.email,
          body,
        });
        await staff.audit(trx, actor, {
          action: 'case.note_added',
          targetKind: 'case',
          targetId: id,
          detail: { number: caseNumberLabel(Number(row.number)) },
        });
      });
      return deskCase(id);
    },

    async assign(actor: StaffActor, id: string, assigneeId: string | null): Promise<DeskCase> {
      const row = await caseForStaff(id);
      let assigneeEmail: string | null = null;
      if (assigneeId !== null) {
        const member = (await staff.members()).find((m) => m.id === assigneeId);
        if (!member) {
          throw new AppError(400, 'staff.not_staff', caseMessages.notStaff, {
            assigneeId: caseMessages.notStaff,
          });
        }
        assigneeEmail = member.email;
      }
      await inTransaction(db, async (trx) => {
        await updateCase(trx, id, {
          assignee_id: assigneeId,
          // Someone is on it.
          ...(assigneeId && row.status === 'received' ? { status: 'in_review' as const } : {}),
        });
        await staff.audit(trx, actor, {
          action: 'case.assigned',
          targetKind: 'case',
          targetId: id,
          detail: { number: caseNumberLabel(Number(row.number)), assignee: assigneeEmail },
        });
      });
      return deskCase(id);
    },

    async setStatus(actor: StaffActor, id: string, status: CaseStatus): Promise<DeskCase> {
      const row = await caseForStaff(id);
      await inTransaction(db, async (trx) => {
        await updateCase(trx, id, { status });
        await staff.audit(trx, actor, {
          action: 'case.status_changed',
          targetKind: 'case',
          targetId: id,
          detail: { number: caseNumberLabel(Number(row.number)), from: row.status, to: status },
        });
      });
      return deskCase(id);
    },

    /** The firm's reply: stored, shown in "My cases", and mailed to the person (outbox). */
    async firmReply(actor: StaffActor, id: string, body: string): Promise<DeskCase> {
      const row = await caseForStaff(id);
      const [person] = await auth.findUsersByIds([row.user_id]);
      await inTransaction(db, async (trx) => {
        await insertCaseMessage(trx, { caseId: id, author: 'firm', authorId: actor.user.id, body });
        await updateCase(trx, id, { status: 'answered' });
        if (person) {
          await mailOutbox.enqueue(trx, replyMail(config, row, person.email, body), {
            kind: caseMailKinds.reply,
            reference: id,
          });
        }
        await staff.audit(trx, actor, {
          action: 'case.replied',
          targetKind: 'case',
          targetId: id,
          detail: { number: caseNumberLabel(Number(row.number)) },
        });
      });
      mailOutbox.wake();
      return deskCase(id);
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;

function replyMail(config: Config, row: CaseRow, to: string, body: string) {
  const product = config.site.productName;
  const number = caseNumberLabel(Number(row.number));
  return {
    to,
    subject: `The firm replied to your case ${number} | ${product}`,
    ...renderEmail({
      productName: product,
      heading: `A reply to your case ${number}`,
      paragraphs: [
        'A lawyer at the firm replied to your question:',
        ...body.split(/\r?\n\s*\r?\n/),
      ],
      action: {
        label: 'Read and answer in My cases',
        url: `${config.site.publicUrl}/cases/${row.id}`,
      },
      footer: `You received this email because you asked the firm a question at ${config.site.publicUrl}. Quote ${number} if you call us.`,
    }),
  };
}

/** Tells the firm's inbox a case is waiting; the question itself stays in the desk. */
function openedMail(config: Config, row: CaseRow, inbox: string) {
  const number = caseNumberLabel(Number(row.number));
  return {
    to: inbox,
    subject: `New case ${number}`,
    ...renderEmail({
      productName: config.site.productName,
      heading: `A new case is waiting: ${number}`,
      paragraphs: [`State: ${row.state}. Contact by ${row.contact_preference}.`],
      action: { label: 'Open the desk', url: `${config.site.publicUrl}/desk/cases/${row.id}` },
    }),
  };
}
