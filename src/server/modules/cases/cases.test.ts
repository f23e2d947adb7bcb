import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../../../test/support/auth-harness';
import { parseUiStream } from '../../../../test/support/chat-harness';
import { testGuideLibrary } from '../../../../test/support/guides';
import { databaseTargets } from '../../../../test/support/databases';
import { insertVerifiedUser } from '../../../../test/support/users';
import { runStaffCommand } from '../staff/cli';

const password = 'a-long-passphrase';
const question = {
  question: 'My landlord kept my whole deposit. What can I do?',
  state: 'CA',
  area: 'renting',
  contactPreference: 'email',
};

describe.each(databaseTargets)('cases and the desk on $kind', ({ kind, skip }) => {
  let h: AuthHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function start() {
    h = await createAuthHarness(kind, { CONTACT_INBOX: 'desk@firm.example' }, undefined, {
      guides: testGuideLibrary(),
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    return h;
  }

  async function person(email: string) {
    await insertVerifiedUser(h!.env.db, { email, password });
    return h!.login(email, password);
  }

  async function staffMember(email: string, role: 'staff' | 'admin' = 'staff') {
    const session = await person(email);
    const result = await runStaffCommand(h!.env.db, ['add', email, '--role', role]);
    expect(result).toEqual({ code: 0, lines: [`${email} is now ${role}.`] });
    return session;
  }

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
    h!.me(method as 'GET', url, token, body);

  async function converse(token: string, text: string) {
    const address = h!.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const id = randomUUID();
    const response = await fetch(
      `http://127.0.0.1:${address.port}/api/conversations/${id}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      },
    );
    expect(parseUiStream(await response.text()).done).toBe(true);
    return id;
  }

  it.skipIf(skip)(
    'a person opens cases, reads only their own, and a conversation is copied only when shared',
    async () => {
      await start();
      const ada = await person('ada@example.com');
      const bob = await person('bob@example.com');
      const conversationId = await converse(
        ada.accessToken,
        'How long does my landlord have to return my deposit?',
      );

      // Not shared: the question only, even with the conversation named.
      const plain = await call('POST', '/api/cases', ada.accessToken, {
        ...question,
        conversationId,
      });
      expect(plain.statusCode).toBe(201);
      expect(plain.json()).toMatchObject({
        number: 'LW-000001',
        status: 'received',
        shared: false,
        sharedConversation: null,
        messages: [],
      });

      const shared = await call('POST', '/api/cases', ada.accessToken, {
        ...question,
        conversationId,
        shareConversation: true,
      });
      expect(shared.statusCode).toBe(201);
      const sharedCase = shared.json();
      expect(sharedCase.number).toBe('LW-000002');
      expect(sharedCase.shared).toBe(true);
      expect(sharedCase.sharedConversation.map((m: { role: string }) => m.role)).toEqual([
        'user',
        'assistant',
      ]);
      expect(sharedCase.sharedConversation[0].content).toContain('return my deposit');
      // A copy, not a link: deleting the conversation leaves the case's copy.
      expect(
        (await call('DELETE', `/api/conversations/${conversationId}`, ada.accessToken)).statusCode,
      ).toBe(204);
      expect(
        (await call('GET', `/api/cases/${sharedCase.id}`, ada.accessToken)).json()
          .sharedConversation,
      ).toHaveLength(2);

      // Someone else's conversation cannot be shared into a case.
      const stolen = await call('POST', '/api/cases', bob.accessToken, {
        ...question,
        conversationId: await converse(ada.accessToken, 'deposit again'),
        shareConversation: true,
      });
      expect(stolen.statusCode).toBe(404);

      expect((await call('GET', '/api/cases', ada.accessToken)).json().cases).toHaveLength(2);
      expect((await call('GET', '/api/cases', bob.accessToken)).json().cases).toEqual([]);
      for (const [method, url, body] of [
        ['GET', `/api/cases/${sharedCase.id}`, undefined],
        ['POST', `/api/cases/${sharedCase.id}/messages`, { body: 'hello' }],
      ] as const) {
        const response = await call(method, url, bob.accessToken, body);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('route.not_found');
      }

      const invalid = await call('POST', '/api/cases', ada.accessToken, {
        question: 'short',
        state: 'XX',
        contactPreference: 'phone',
      });
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(invalid.json().error.fields).sort()).toEqual(['question', 'state']);
      const noPhone = await call('POST', '/api/cases', ada.accessToken, {
        ...question,
        contactPreference: 'phone',
      });
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json().error.fields).toEqual({
        phone: 'Please enter a phone number we can call.',
      });
      expect((await call('GET', '/api/cases', ada.accessToken)).json().cases).toHaveLength(2);
      const anonymous = await h!.post('/api/cases', question);
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it.skipIf(skip)(
    'staff assign, note, change status and reply; the person is mailed, answers back, and every action is audited',
    async () => {
      await start();
      const ada = await person('ada@example.com');
      const lawyer = await staffMember('lawyer@firm.example');
      const conversationId = await converse(ada.accessToken, 'When must my deposit come back?');
      const opened = (
        await call('POST', '/api/cases', ada.accessToken, {
          ...question,
          conversationId,
          shareConversation: true,
        })
      ).json();
      await h!.waitForMail('desk@firm.example');

      const queue = (
        await call('GET', '/api/desk/cases?status=received', lawyer.accessToken)
      ).json();
      expect(queue.cases.map((c: { id: string }) => c.id)).toEqual([opened.id]);
      expect(queue.cases[0]).toMatchObject({ personEmail: 'ada@example.com', assignee: null });
      expect(
        (await call('GET', '/api/desk/cases?state=NY', lawyer.accessToken)).json().cases,
      ).toEqual([]);

      const assigned = await call(
        'POST',
        `/api/desk/cases/${opened.id}/assign`,
        lawyer.accessToken,
        {
          assigneeId: lawyer.userId,
        },
      );
      expect(assigned.json()).toMatchObject({
        status: 'in_review',
        assignee: { id: lawyer.userId, email: 'lawyer@firm.example' },
      });
      expect(
        (await call('GET', '/api/desk/cases?assignee=me', lawyer.accessToken)).json().cases,
      ).toHaveLength(1);
      const notStaff = await call(
        'POST',
        `/api/desk/cases/${opened.id}/assign`,
        lawyer.accessToken,
        {
          assigneeId: ada.userId,
        },
      );
      expect(notStaff.statusCode).toBe(400);
      expect(notStaff.json().error.code).toBe('staff.not_staff');

      const noted = await call('POST', `/api/desk/cases/${opened.id}/notes`, lawyer.accessToken, {
        body: 'Check the move-out date.',
      });
      expect(noted.statusCode).toBe(201);
      expect(noted.json().notes).toMatchObject([
        { authorEmail: 'lawyer@firm.example', body: 'Check the move-out date.' },
      ]);
      const conversation = await call(
        'GET',
        `/api/desk/cases/${opened.id}/conversation`,
        lawyer.accessToken,
      );
      expect(conversation.json().messages).toHaveLength(2);

      const replied = await call(
        'POST',
        `/api/desk/cases/${opened.id}/replies`,
        lawyer.accessToken,
        {
          body: 'Your landlord had 21 days.\n\nWrite to them first.',
        },
      );
      expect(replied.statusCode).toBe(201);
      expect(replied.json().status).toBe('answered');
      const mail = await h!.waitForMail('ada@example.com');
      expect(mail.subject).toBe('The firm replied to your case LW-000001 | Lexwise');
      expect(mail.text).toContain('Your landlord had 21 days.');
      expect(mail.text).toContain(`/cases/${opened.id}`);

      // The person sees the reply, not the notes, and answers back.
      const mine = (await call('GET', `/api/cases/${opened.id}`, ada.accessToken)).json();
      expect(mine.status).toBe('answered');
      expect(mine.messages).toMatchObject([
        { author: 'firm', body: expect.stringContaining('21 days') },
      ]);
      expect(JSON.stringify(mine)).not.toContain('move-out date');
      const answered = await call('POST', `/api/cases/${opened.id}/messages`, ada.accessToken, {
        body: 'Thank you. They never wrote back.',
      });
      expect(answered.json().status).toBe('in_review');
      expect(answered.json().messages.map((m: { author: string }) => m.author)).toEqual([
        'firm',
        'person',
      ]);

      const closed = await call('POST', `/api/desk/cases/${opened.id}/status`, lawyer.accessToken, {
        status: 'closed',
      });
      expect(closed.json().status).toBe('closed');
      const late = await call('POST', `/api/cases/${opened.id}/messages`, ada.accessToken, {
        body: 'One more thing.',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('cases.closed');

      const audit = await h!.env.db.kysely
        .selectFrom('audit_log')
        .select(['action', 'actor_email', 'target_id'])
        .orderBy('created_at')
        .execute();
      expect(audit.map((a) => a.action)).toEqual([
        'role.granted',
        'case.assigned',
        'case.note_added',
        'case.conversation_opened',
        'case.replied',
        'case.status_changed',
      ]);
      expect(audit.slice(1).every((a) => a.actor_email === 'lawyer@firm.example')).toBe(true);
      expect(audit.slice(1).every((a) => a.target_id === opened.id)).toBe(true);
      // Never editable, on either database.
      await expect(
        h!.env.db.kysely.updateTable('audit_log').set({ action: 'nothing' }).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(h!.env.db.kysely.deleteFrom('audit_log').execute()).rejects.toThrow(
        /append-only/,
      );
    },
  );

  it.skipIf(skip)(
    'a role is read from the database on every request, and removing it takes effect at once',
    async () => {
      await start();
      const lawyer = await staffMember('lawyer@firm.example');
      expect((await call('GET', '/api/desk/cases', lawyer.accessToken)).statusCode).toBe(200);
      expect(await runStaffCommand(h!.env.db, ['list'])).toEqual({
        code: 0,
        lines: ['staff\tlawyer@firm.example'],
      });
      expect(await runStaffCommand(h!.env.db, ['remove', 'lawyer@firm.example'])).toEqual({
        code: 0,
        lines: ['lawyer@firm.example is no longer staff.'],
      });
      const after = await call('GET', '/api/desk/cases', lawyer.accessToken);
      expect(after.statusCode).toBe(404);
      expect(after.json().error.code).toBe('route.not_found');
      expect(
        (await runStaffCommand(h!.env.db, ['add', 'nobody@example.com', '--role', 'admin'])).code,
      ).toBe(1);
      expect(
        (await runStaffCommand(h!.env.db, ['add', 'lawyer@firm.example', '--role', 'owner'])).code,
      ).toBe(1);
    },
  );

  it.skipIf(skip)('cases opened at the same moment each get a number of their own', async () => {
    await start();
    const ada = await person('ada@example.com');
    const opened = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/cases', ada.accessToken, question)),
    );
    expect(opened.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(opened.map((r) => r.json().number).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `LW-00000${i + 1}`),
    );
  });

  it.skipIf(skip)(
    'the export holds a person’s cases and deleting the account deletes them',
    async () => {
      await start();
      const ada = await person('ada@example.com');
      const opened = (await call('POST', '/api/cases', ada.accessToken, question)).json();
      const exported = (await call('GET', '/api/me/export', ada.accessToken)).json();
      expect(exported.cases).toMatchObject([{ id: opened.id, question: question.question }]);
      const deleted = await call('DELETE', '/api/me', ada.accessToken, {
        confirmEmail: 'ada@example.com',
      });
      expect(deleted.statusCode).toBeLessThan(300);
      expect(await h!.env.db.kysely.selectFrom('cases').selectAll().execute()).toEqual([]);
    },
  );
});
