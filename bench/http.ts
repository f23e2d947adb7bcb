// Loads a bare Fastify route, our built server's /healthz, and GET /api/me (a signed-in person's
// profile: token check and one database read) with the same autocannon settings, in one run, in
// alternating rounds, and prints requests per second, latency percentiles, the server's CPU time per
// request and the ratios to the bare route (the median of the rounds' ratios); also the cold start
// of the built server with the embedded database. Usage: npm run build && npm run bench:http
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { builtServerEntry, startBuiltServer } from './support/built-server';
import { cpuMs, freePort, stopProcess, waitFor } from './support/local-server';
import { describeMachine } from './support/machine';
import { numberFromEnv } from './support/options';
import { signUpThroughOutbox } from './support/sign-up';

const serverEntry = builtServerEntry(process.env.BUILD_DIR || 'dist');
const connections = numberFromEnv('BENCH_CONNECTIONS', 50);
const duration = numberFromEnv('BENCH_SECONDS', 3);
const roundCount = numberFromEnv('BENCH_ROUNDS', 7);

async function startOurs(dataDir: string) {
  const server = await startBuiltServer({
    entry: serverEntry,
    dataDir,
    logLevel: 'info',
    // The load comes from one address; the API-wide limit would otherwise answer 429.
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000' },
    // The warm-up takes longer on a loaded machine (20 s and more at a load average of 10).
    readyTimeoutMs: 120_000,
  });
  const readyMs = Number(/"readyMs":(\d+)/.exec(server.output())?.[1]);
  return { child: server.child, base: server.base, untilReady: server.untilReadyMs, readyMs };
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/bare-server.mjs', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/bare`);
  return { child, url: `http://127.0.0.1:${port}/bare` };
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  /** The server process's CPU time per request (user + system), in microseconds. */
  cpuUs: number;
}

async function load(
  url: string,
  server: ChildProcess,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Result> {
  const cpuBefore = cpuMs(server.pid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs,
  };
}

const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER BUDGET');

// Cold start: three fresh data directories (the first run creates secrets and the database).
const coldStarts: { untilReady: number; readyMs: number }[] = [];
for (let i = 0; i < 3; i++) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-'));
  const server = await startOurs(dir);
  coldStarts.push({ untilReady: server.untilReady, readyMs: server.readyMs });
  await stopProcess(server.child);
  rmSync(dir, { recursive: true, force: true });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-'));
const ours = await startOurs(dataDir);
const bare = await startBare();
try {
  const token = await signUpThroughOutbox(ours.base, dataDir, {
    email: 'bench@example.com',
    password: 'a long bench passphrase',
  });
  const bearer = { authorization: `Bearer ${token}` };
  const healthUrl = `${ours.base}/healthz`;
  const meUrl = `${ours.base}/api/me`;
  // Warm-up, then rounds that load the three routes in turn: a machine's noise (another process,
  // a CPU frequency change) then hits every route alike, and each round gives its own ratio.
  await load(bare.url, bare.child, 2);
  await load(healthUrl, ours.child, 2);
  await load(meUrl, ours.child, 2, bearer);
  const rounds: Record<'bare' | 'health' | 'me', Result>[] = [];
  for (let round = 0; round < roundCount; round++) {
    rounds.push({
      bare: await load(bare.url, bare.child, duration),
      health: await load(healthUrl, ours.child, duration),
      me: await load(meUrl, ours.child, duration, bearer),
    });
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const healthRatios = rounds.map((r) => r.health.rps / r.bare.rps);
  const meRatios = rounds.map((r) => r.me.rps / r.bare.rps);
  const healthRatio = median(healthRatios);
  const meRatio = median(meRatios);

  const row = (name: string, key: 'bare' | 'health' | 'me') =>
    `| ${name} | ${rounds.map((r) => r[key].rps.toFixed(0)).join(' / ')} | ${median(
      rounds.map((r) => r[key].p50),
    )} | ${median(rounds.map((r) => r[key].p99))} | ${median(rounds.map((r) => r[key].cpuUs)).toFixed(1)} |`;
  const ratios = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
  console.log(`\nmachine: ${describeMachine()}`);
  console.log(
    `autocannon: ${connections} connections, ${roundCount} rounds of ${duration} s per route\n`,
  );
  console.log(
    '| route | requests/s (each round) | p50 ms (median) | p99 ms (median) | server CPU µs per request (median) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('bare Fastify GET /bare', 'bare'));
  console.log(row('Lexwise GET /healthz', 'health'));
  console.log(row('Lexwise GET /api/me (Bearer, one read)', 'me'));
  console.log(
    `\nratio /healthz : bare = ${healthRatio.toFixed(2)}, median of ${ratios(healthRatios)} (budget >= 0.80) ${verdict(healthRatio >= 0.8)}`,
  );
  console.log(
    `ratio /api/me : bare = ${meRatio.toFixed(2)}, median of ${ratios(meRatios)} (budget >= 0.50) ${verdict(meRatio >= 0.5)}`,
  );
  const worst = Math.max(...coldStarts.map((c) => c.untilReady));
  console.log(
    `cold start to ready (spawn -> /readyz answers), 3 fresh data dirs: ${coldStarts
      .map((c) => `${c.untilReady.toFixed(0)} ms`)
      .join(', ')}; server-reported: ${coldStarts.map((c) => `${c.readyMs} ms`).join(', ')}` +
      ` (budget <= 1500 ms) ${verdict(worst <= 1500)}`,
  );
} finally {
  await stopProcess(ours.child);
  await stopProcess(bare.child);
  rmSync(dataDir, { recursive: true, force: true });
}
