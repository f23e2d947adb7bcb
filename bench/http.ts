// Loads our built server's /healthz and a bare Fastify route with the same autocannon settings,
// in one run, and prints requests per second, latency percentiles and their ratio; also the cold
// start of the built server with the embedded database. Usage: npm run build && npm run bench:http
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const buildDir = process.env.BUILD_DIR || 'dist';
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const duration = Number(process.env.BENCH_SECONDS || 10);
const serverEntry = path.join(buildDir, 'server', 'main.js');
if (!existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: run npm run build first`);
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startOurs(dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  const untilReady = performance.now() - started;
  const readyMs = Number(/"readyMs":(\d+)/.exec(output)?.[1]);
  return { child, url: `http://127.0.0.1:${port}/healthz`, untilReady, readyMs };
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/bare-server.mjs', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/bare`);
  return { child, url: `http://127.0.0.1:${port}/bare` };
}

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

// Cold start: three fresh data directories (first run creates secrets and the database).
const coldStarts: { untilReady: number; readyMs: number }[] = [];
for (let i = 0; i < 3; i++) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-'));
  const server = await startOurs(dir);
  coldStarts.push({ untilReady: server.untilReady, readyMs: server.readyMs });
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-'));
const ours = await startOurs(dataDir);
const bare = await startBare();
try {
  await load(bare.url, 2); // warm-up
  await load(ours.url, 2);
  const bareResult = await load(bare.url, duration);
  const oursResult = await load(ours.url, duration);
  const ratio = oursResult.rps / bareResult.rps;

  const cores = os.cpus().length;
  console.log(
    `\nMachine: ${cores} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
  );
  console.log(`autocannon: ${connections} connections, ${duration} s per route\n`);
  console.log('| route | requests/s | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| bare Fastify GET /bare | ${bareResult.rps.toFixed(0)} | ${bareResult.p50} | ${bareResult.p99} |`,
  );
  console.log(
    `| Lexwise GET /healthz | ${oursResult.rps.toFixed(0)} | ${oursResult.p50} | ${oursResult.p99} |`,
  );
  console.log(
    `\nratio /healthz : bare = ${ratio.toFixed(2)} (budget >= 0.80) ${ratio >= 0.8 ? 'OK' : 'OVER BUDGET'}`,
  );
  const worst = Math.max(...coldStarts.map((c) => c.untilReady));
  console.log(
    `cold start to ready (spawn -> /readyz answers), 3 fresh data dirs: ${coldStarts
      .map((c) => `${c.untilReady.toFixed(0)} ms`)
      .join(
        ', ',
      )}; server-reported: ${coldStarts.map((c) => `${c.readyMs} ms`).join(', ')} (budget <= 1500 ms) ${worst <= 1500 ? 'OK' : 'OVER BUDGET'}`,
  );
} finally {
  await stop(ours.child);
  await stop(bare.child);
  rmSync(dataDir, { recursive: true, force: true });
}
