// The built server (`npm run build`) started as production starts it, for the benchmarks that
// measure the build: bench:http and bench:lighthouse.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { endWithThisProcess, freePort, waitFor } from './local-server';

/** The build's server entry; ends the benchmark with the command to run when it is missing. */
export function builtServerEntry(buildDir: string): string {
  const entry = path.join(buildDir, 'server', 'main.js');
  if (!existsSync(entry)) {
    console.error(`${entry} is missing: run npm run build first (with BUILD_DIR=${buildDir})`);
    process.exit(1);
  }
  return entry;
}

/**
 * Starts the built server on a free port with the embedded defaults (SQLite and the mail outbox
 * under `dataDir`) and `env` on top, and resolves once /readyz answers. `untilReadyMs` is the
 * time from the spawn; `output()` is what the server has printed so far.
 */
export async function startBuiltServer({
  entry,
  dataDir,
  env = {},
  logLevel = 'warn',
  readyTimeoutMs,
}: {
  entry: string;
  dataDir: string;
  env?: Record<string, string>;
  logLevel?: string;
  readyTimeoutMs?: number;
}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  let output = '';
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  endWithThisProcess(child);
  child.stdout!.on('data', (chunk) => (output += chunk));
  await waitFor(`${base}/readyz`, readyTimeoutMs);
  return { child, base, untilReadyMs: performance.now() - started, output: () => output };
}
