import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.js';

// SQLite's WAL checkpoints run in a thread of their own (checkpointer.ts): under a steady stream
// of writes, the WAL starts again before it reaches the 1,000 pages at which the writer would
// stop to checkpoint, and nothing written is lost.

let dir: string | undefined;
let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = dir = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('keeps the WAL below the writer’s checkpoint size, and every row is kept', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lexwise-checkpoint-'));
  const file = path.join(dir, 'app.db');
  db = openDatabase({ kind: 'sqlite', file });
  await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
  const pageSize = Number(
    (await sql<{ page_size: number }>`pragma page_size`.execute(db.kysely)).rows[0]!.page_size,
  );
  const body = 'x'.repeat(pageSize); // each row fills at least one page
  const walPages = () => statSync(`${file}-wal`).size / pageSize;

  // 3,000 pages in rounds of 100, written the way a server writes: small transactions, with
  // pauses between them.
  let written = 0;
  let largest = 0;
  for (let round = 0; round < 30; round++) {
    for (let i = 0; i < 10; i++) {
      await db.kysely.transaction().execute(async (trx) => {
        for (let row = 0; row < 10; row++) {
          await sql`insert into notes (body) values (${body})`.execute(trx);
          written++;
        }
      });
    }
    largest = Math.max(largest, walPages());
    await sleep(300);
  }

  // Without the thread, the WAL file grows to 1,000 pages and the writer checkpoints it there.
  expect(largest).toBeLessThan(1000);
  const count = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
  expect(Number(count.rows[0]!.n)).toBe(written);
});
