import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { CheckpointThreadData } from './db/checkpointer.js';

// The checkpoint thread (src/server/db/checkpointer.ts): a connection of its own that copies the
// WAL into the database file every so often, in PASSIVE mode (it never waits for, nor blocks,
// the server's readers and writer).

const { file, intervalMs } = workerData as CheckpointThreadData;
const database = new SQLite(file, { fileMustExist: true });
database.pragma('synchronous = NORMAL');

const timer = setInterval(() => {
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or interrupted: the next turn tries again, and the writer's own checkpoint remains.
  }
}, intervalMs);

parentPort!.on('message', (message: 'stop') => {
  if (message !== 'stop') return;
  clearInterval(timer);
  database.close();
  parentPort!.close();
});
