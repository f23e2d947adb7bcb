import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The boundaries the lint cannot see (decisions 0060, 0099, 0100): each table is queried by the
// module that owns it, the password hash stays in auth, the web app reads API answers through
// its one typed client, and the chat's rooms stay small enough to read in one sitting.

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...filesUnder(file, keep));
    else if (keep(file)) out.push(file);
  }
  return out;
}

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Which module's repository may query each table. */
const tableOwners: Record<string, string> = {
  users: 'auth',
  refresh_tokens: 'auth',
  email_tokens: 'auth',
  oauth_accounts: 'auth',
  token_accounts: 'tokens',
  token_ledger: 'tokens',
  token_reservations: 'tokens',
  conversations: 'chat',
  chat_messages: 'chat',
  chat_notice_acknowledgments: 'chat',
  mail_outbox: 'mail',
  billing_customers: 'billing',
  subscriptions: 'billing',
  billing_grants: 'billing',
  webhook_events: 'billing',
  demo_checkout_sessions: 'billing',
  demo_subscriptions: 'billing',
  contact_messages: 'contact',
  newsletter_subscribers: 'newsletter',
  staff_roles: 'staff',
  audit_log: 'staff',
  cases: 'cases',
  case_messages: 'cases',
  case_notes: 'cases',
};

/** The tables a piece of server code queries, through Kysely's builder or in raw SQL. */
export function tablesQueried(code: string, tables: readonly string[]): string[] {
  const text = withoutComments(code);
  const found = new Set<string>();
  const builder =
    /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|replaceInto)\(\s*['"`]([a-z_]+)/g;
  for (const match of text.matchAll(builder)) found.add(match[1]!);
  const raw = new RegExp(`\\b(?:from|update|into|join)\\s+(${tables.join('|')})\\b`, 'gi');
  for (const match of text.matchAll(raw)) found.add(match[1]!.toLowerCase());
  return [...found].filter((table) => tables.includes(table));
}

function moduleOf(file: string): string | undefined {
  return /^src\/server\/modules\/([^/]+)\//.exec(relative(file))?.[1];
}

describe('module boundaries', () => {
  const tables = readFileSync(path.join(root, 'src/server/db/types.ts'), 'utf8')
    .match(/export interface Database \{([\s\S]*?)\}/)![1]!
    .match(/^\s*([a-z_]+):/gm)!
    .map((line) => line.trim().slice(0, -1));

  it('every table has an owner, and the finder sees builder and raw queries', () => {
    expect(tables.filter((table) => !tableOwners[table])).toEqual([]);
    expect(
      tablesQueried(
        `db.selectFrom('token_ledger').where(x); sql\`update billing_grants set a = 1\`; // from users`,
        tables,
      ).sort(),
    ).toEqual(['billing_grants', 'token_ledger']);
  });

  it('no module queries another module’s tables (the token ledger included)', () => {
    const serverFiles = filesUnder(path.join(root, 'src/server'), isSource).filter(
      (file) => !relative(file).startsWith('src/server/db/'),
    );
    const crossings: string[] = [];
    for (const file of serverFiles) {
      const owner = moduleOf(file);
      for (const table of tablesQueried(readFileSync(file, 'utf8'), tables)) {
        if (tableOwners[table] !== owner) crossings.push(`${relative(file)} queries ${table}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('the password hash is seen by the auth module only', () => {
    const outside = filesUnder(path.join(root, 'src'), isSource)
      .map(relative)
      .filter(
        (file) =>
          !file.startsWith('src/server/modules/auth/') && !file.startsWith('src/server/db/'),
      )
      .filter((file) => readFileSync(path.join(root, file), 'utf8').includes('password_hash'));
    expect(outside).toEqual([]);
  });

  it('the web app reads API answers only through its typed client, never with a cast', () => {
    const web = filesUnder(path.join(root, 'src/web'), isSource).map(relative);
    // The one client (api-client.ts) reads JSON; its answer's type is the route's, from the
    // shared schemas (api-routes.ts), never one a caller picks.
    const readers = web.filter(
      (file) =>
        file !== 'src/web/api-client.ts' &&
        /\.json\(\)/.test(withoutComments(readFileSync(path.join(root, file), 'utf8'))),
    );
    expect(readers).toEqual([]);
    const casts = web.filter((file) =>
      /\bas (?:T\b|ApiAnswer<)/.test(withoutComments(readFileSync(path.join(root, file), 'utf8'))),
    );
    expect(casts).toEqual(['src/web/api-client.ts']);
  });

  it('the chat service is in rooms of at most 250 lines', () => {
    const rooms = filesUnder(path.join(root, 'src/server/modules/chat'), isSource)
      // The SQL of the chat's tables, one query after another, is read by lookup, not in a sitting.
      .filter((file) => !file.endsWith('repository.ts'));
    const long = rooms
      .map((file) => [relative(file), readFileSync(file, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 250);
    expect(long).toEqual([]);
  });

  it('the chat screen and its hooks are each at most 250 lines', () => {
    const rooms = filesUnder(path.join(root, 'src/web/features/chat'), isSource).filter((file) =>
      /\/(chat-screen\.tsx|use-[a-z-]+\.ts)$/.test(file),
    );
    expect(rooms.length).toBeGreaterThan(4);
    const long = rooms
      .map((file) => [relative(file), readFileSync(file, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 250);
    expect(long).toEqual([]);
  });
});
