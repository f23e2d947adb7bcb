import { Worker } from 'node:worker_threads';

/**
 * The server's threads. Each runs a file beside this one: compiled with the server
 * (dist/server/*.js, scripts/build-server.mjs), or its TypeScript source when the server itself
 * runs from source (tsx, the tests), in which case the thread first registers the same loader.
 */
const threadFiles = {
  /** The model's stream reader (llm/model-thread.ts). */
  model: 'model-worker',
  /** SQLite's WAL checkpoints (db/checkpointer.ts). */
  checkpoint: 'checkpoint-worker',
} as const;

const fromSource = import.meta.url.endsWith('.ts');

export function startThread(name: keyof typeof threadFiles, workerData: unknown): Worker {
  const url = new URL(`./${threadFiles[name]}.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(url, { workerData });
  const loader = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
    { eval: true, workerData },
  );
}
