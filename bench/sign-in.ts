// Sign-in latency through the real HTTP server: builds the app on a temporary SQLite database,
// creates a verified user, then times N sequential and N concurrent logins (POST /api/auth/login)
// and, for comparison, N logins of an unknown email (verified against a dummy hash).
// Usage: npm run bench:sign-in   (BENCH_LOGINS=50 BENCH_CONCURRENCY=5 to change the load; the
// API's overall ceiling of 300 requests a minute per IP keeps BENCH_LOGINS at most 95)
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertVerifiedUser } from '../test/support/users';
import {
  argon2Parameters,
  hashPassword,
  verifyPassword,
} from '../src/server/modules/auth/passwords';
import { startInProcessApp } from './support/in-process-app';
import { describeMachine } from './support/machine';
import { numberFromEnv } from './support/options';

const logins = numberFromEnv('BENCH_LOGINS', 80);
if (logins * 3 + 7 > 300)
  throw new Error('BENCH_LOGINS is at most 95 (300 requests a minute per IP)');
const concurrency = numberFromEnv('BENCH_CONCURRENCY', 10);
const email = 'bench@example.com';
const password = 'bench-password-for-timing';

const server = await startInProcessApp({
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-')),
  // The limits would stop a benchmark long before it ends.
  env: { AUTH_LIMIT_PER_IP: '100000', AUTH_LIMIT_PER_ACCOUNT: '10000' },
});
await insertVerifiedUser(server.db, { email, password });
const url = `${server.base}/api/auth/login`;

async function login(who: string, expected: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who, password }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== expected) throw new Error(`login answered ${response.status}`);
  return ms;
}

async function run(count: number, workers: number, who = email, expected = 200) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        next += 1;
        times.push(await login(who, expected));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { median: at(0.5), p99: at(0.99), perSecond: count / seconds };
}

try {
  await run(5, 1); // warm-up: JIT, connection, the dummy hash
  await run(2, 1, 'nobody@example.com', 401);
  const sequential = await run(logins, 1);
  const concurrent = await run(logins, concurrency);
  const unknown = await run(logins, 1, 'nobody@example.com', 401);
  // The hash alone, in this process, for comparison with the HTTP figures.
  const stored = await hashPassword(password);
  const verifyTimes: number[] = [];
  for (let i = 0; i < logins; i++) {
    const started = performance.now();
    await verifyPassword(stored, password);
    verifyTimes.push(performance.now() - started);
  }
  verifyTimes.sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  const { memoryCost, timeCost, parallelism } = argon2Parameters;
  console.log(`argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}`);
  console.log(`machine: ${describeMachine()}`);
  console.log('| run | logins | median | p99 | logins/s |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  const row = (name: string, r: Awaited<ReturnType<typeof run>>) =>
    console.log(
      `| ${name} | ${logins} | ${f(r.median)} | ${f(r.p99)} | ${r.perSecond.toFixed(1)} |`,
    );
  row('sequential', sequential);
  row(`concurrent (${concurrency} at a time)`, concurrent);
  row('unknown email, sequential (401)', unknown);
  console.log(
    `| argon2id verify alone, no HTTP | ${logins} | ${f(verifyTimes[Math.ceil(logins / 2) - 1]!)} | ${f(verifyTimes[Math.ceil(logins * 0.99) - 1]!)} | |`,
  );
} finally {
  await server.close();
}
