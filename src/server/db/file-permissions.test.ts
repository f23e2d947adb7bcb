import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('the embedded database on disk', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  const newRoot = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lexwise-perm-'));
    roots.push(root);
    return root;
  };

  it('lives in a folder only its owner can open, in files only its owner can read', async () => {
    const dataDir = path.join(newRoot(), 'data');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'secrets.json'))).toBe(0o600);

    const db = openDatabase(config.database);
    await migrateToLatest(db);
    const file = path.join(dataDir, 'lexwise.sqlite');
    // While the database is open, SQLite keeps its write-ahead log and shared-memory index.
    for (const name of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(name), name).toBe(true);
      expect(mode(name), name).toBe(0o600);
    }
    await db.close();
  });

  it('creates the folder 0700 when the database is opened first', async () => {
    const dataDir = path.join(newRoot(), 'nested', 'data');
    const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'lexwise.sqlite') });
    await migrateToLatest(db);
    expect(mode(dataDir)).toBe(0o700);
    await db.close();
  });

  it('tightens a database file left readable by others by an older version', async () => {
    const dataDir = newRoot();
    const file = path.join(dataDir, 'lexwise.sqlite');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const db = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(db);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(mode(name), name).toBe(0o600);
    await db.close();
  });
});
