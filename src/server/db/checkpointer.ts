import { stat } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../threads.js';

export interface CheckpointThreadData {
  file: string;
  intervalMs: number;
}

/** SQLite's default: the writer checkpoints when a commit leaves the WAL at 1,000 pages. */
const autoCheckpointPages = 1000;

/**
 * Moves SQLite's WAL checkpoints off the event loop. By default the connection that commits
 * past 1,000 WAL pages copies them into the database file and syncs it, there and then: with
 * the chat writing three transactions a reply, that was a 5 to 15 ms pause about every half
 * second, felt by every reply streaming at the time (decision 0095). A thread with its own
 * connection checkpoints each `intervalMs` instead, so the WAL starts again before it reaches
 * 1,000 pages and the writer never has to; the writer's own checkpoint stays as the fallback.
 *
 * The thread starts once the WAL file first reaches a quarter of that size: a database written
 * little (most tests, a quiet site) never needs it.
 */
export function startCheckpointer(
  file: string,
  {
    pageSize,
    intervalMs = 250,
    watchMs = 1000,
  }: { pageSize: number; intervalMs?: number; watchMs?: number },
) {
  let thread: { worker: Worker; exited: Promise<unknown> } | undefined;
  let stopped = false;
  const threshold = (autoCheckpointPages / 4) * pageSize;
  const watch = setInterval(() => {
    stat(`${file}-wal`).then(
      (wal) => {
        if (stopped || thread || wal.size < threshold) return;
        clearInterval(watch);
        const worker = startThread('checkpoint', {
          file,
          intervalMs,
        } satisfies CheckpointThreadData);
        // A thread that fails leaves the writer's own checkpoints, as before it started.
        worker.on('error', () => undefined);
        thread = { worker, exited: new Promise((resolve) => worker.once('exit', resolve)) };
        worker.unref();
      },
      () => undefined,
    );
  }, watchMs);
  watch.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(watch);
      const running = thread;
      thread = undefined;
      if (!running) return;
      running.worker.postMessage('stop');
      await running.exited;
    },
  };
}
