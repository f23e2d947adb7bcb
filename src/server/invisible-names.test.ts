import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../test/support/auth-harness';
import { testGuideLibrary } from '../../test/support/guides';
import { databaseTargets } from '../../test/support/databases';

/**
 * Names people see (a conversation's title, a profile's given and family name) hold no invisible
 * format characters: a right-to-left override or a zero-width space typed into one is refused
 * with a 400 that changes nothing; a title made from a question drops them.
 */
const rightToLeftOverride = '\u202E';
const zeroWidthSpace = '\u200B';
const invisibles = [
  rightToLeftOverride,
  zeroWidthSpace,
  '\u200D', // zero-width joiner
  '\u2066', // left-to-right isolate
  '\uFEFF', // zero-width no-break space
  '\u00AD', // soft hyphen
];

describe.each(databaseTargets)('invisible characters in names on $kind', ({ kind, skip }) => {
  let h: AuthHarness;
  let accessToken: string;
  beforeAll(async () => {
    if (skip) return;
    h = await createAuthHarness(kind, {}, undefined, { guides: testGuideLibrary() });
    ({ accessToken } = await h.signUp('owner@example.com', 'a-long-passphrase'));
  });
  afterAll(async () => {
    if (!skip) await h.close();
  });

  async function ask(id: string, text: string) {
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { text },
    });
    expect(response.statusCode).toBe(200);
  }

  async function titleOf(id: string) {
    const response = await h.me('GET', `/api/conversations/${id}`, accessToken);
    return response.json().title as string;
  }

  it.skipIf(skip)('refuses them in a new title and keeps the old one', async () => {
    const id = randomUUID();
    await ask(id, 'How long can my landlord keep my deposit?');
    const before = await titleOf(id);
    for (const invisible of invisibles) {
      const response = await h.me('PATCH', `/api/conversations/${id}`, accessToken, {
        title: `invoice${invisible}fdp.exe`,
      });
      expect(response.statusCode, JSON.stringify(invisible)).toBe(400);
      expect(response.json().error.code).toBe('request.invalid');
    }
    expect(await titleOf(id)).toBe(before);
    // Ordinary text, accents and spaces included, is still a title.
    const renamed = await h.me('PATCH', `/api/conversations/${id}`, accessToken, {
      title: 'Dépôt de garantie à Montréal',
    });
    expect(renamed.json().title).toBe('Dépôt de garantie à Montréal');
  });

  it.skipIf(skip)('drops them from the title made from the first question', async () => {
    const id = randomUUID();
    await ask(id, `My ${rightToLeftOverride}deposit${zeroWidthSpace} was kept`);
    expect(await titleOf(id)).toBe('My deposit was kept');
    const list = await h.me('GET', '/api/conversations', accessToken);
    const listed = list.json().conversations.find((c: { id: string }) => c.id === id);
    expect(listed.title).toBe('My deposit was kept');
  });

  it.skipIf(skip)('refuses them in a given or family name and keeps the old one', async () => {
    const set = await h.me('PATCH', '/api/me', accessToken, {
      givenName: 'Ada',
      familyName: 'Lovelace',
    });
    expect(set.statusCode).toBe(200);
    for (const invisible of invisibles) {
      for (const field of ['givenName', 'familyName']) {
        const response = await h.me('PATCH', '/api/me', accessToken, {
          [field]: `Ad${invisible}a`,
        });
        expect(response.statusCode, `${field} ${JSON.stringify(invisible)}`).toBe(400);
        expect(response.json().error.code).toBe('request.invalid');
      }
    }
    const me = (await h.me('GET', '/api/me', accessToken)).json();
    expect([me.givenName, me.familyName, me.name]).toEqual(['Ada', 'Lovelace', 'Ada Lovelace']);
  });
});
