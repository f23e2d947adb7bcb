// Streaming overhead of the chat: time to first token through our server (POST
// /api/conversations/:id/messages, the UI message stream) minus the model's own (the same
// OpenAI-compatible fake called directly), at 1 and 50 concurrent streams, and the gaps between
// chunks both ways. Two loads: steady (each of N clients asks again as soon as its reply ends,
// their starts spread over one reply's length, so N streams are always in flight, counted after
// a warm-up of three replies' length that is shown apart; the budget's measure) and burst (N questions sent in the same instant, round after round, after an untimed
// round). The app (bench/chat-server.ts) and the model stand-in each run in a process of their
// own, so the load generated here weighs the same on both paths. The questions are the retrieval
// set's (bench/retrieval/questions), searched in the real guides. Then library mode: time to the
// first words with no model configured.
// Usage: npm run bench:chat   (BENCH_ROUNDS=5 for more samples per concurrency; BENCH_COLD_ONLY=1
// for the burst right after ready alone)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cpuMs, endWithThisProcess, freePort, stopProcess, waitFor } from './support/local-server';
import { describeMachine } from './support/machine';
import { numberFromEnv } from './support/options';

const rounds = numberFromEnv('BENCH_ROUNDS', 3);
const concurrencies = [1, 50];
// The model: 100 ms before the first token, then 50 tokens a second, 40 words.
const reply = {
  text: Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '),
  firstTokenDelayMs: 100,
  tokensPerSecond: 50,
};

const questionsDir = 'bench/retrieval/questions';
const questions = readdirSync(questionsDir).flatMap((file) =>
  (JSON.parse(readFileSync(path.join(questionsDir, file), 'utf8')) as { question: string }[]).map(
    (q) => q.question,
  ),
);
let asked = 0;
const nextQuestion = () => questions[asked++ % questions.length]!;

interface Sample {
  firstMs: number;
  gaps: number[];
  totalMs: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// The load generator speaks HTTP through node:http rather than fetch: fetch's web streams cost
// several times more CPU per chunk, and this process shares the machine's two cores with the
// two it measures.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs JSON and times the streamed answer: when each piece of text (a line `isText` picks) arrives. */
function timedPost(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  isText: (line: string) => boolean,
): Promise<Sample> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } },
      (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        const times: number[] = [];
        response.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          for (const line of lines) if (isText(line)) times.push(now - started);
        });
        response.on('end', () => {
          const gaps = times.slice(1).map((t, i) => t - times[i]!);
          resolve({ firstMs: times[0] ?? NaN, gaps, totalMs: performance.now() - started });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** The model stand-in in a process of its own, answering every request with `reply`. */
async function startLlmProcess() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/fakes/llm-server.ts', String(port)],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  endWithThisProcess(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  await fetch(`${base}/__default`, { method: 'POST', body: JSON.stringify(reply) });
  return {
    url: `${base}/v1`,
    env: { LLM_BASE_URL: `${base}/v1`, LLM_MODEL: 'lexwise-fake-1', LLM_API_KEY: 'bench-key' },
    close: () => stopProcess(child),
  };
}

/** Starts bench/chat-server.ts in its own process and reads its address and tokens. */
async function startApp(env: Record<string, string>) {
  // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app alone.
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/chat-server.ts'], {
    env: { ...process.env, ...env, BENCH_USERS: String(Math.max(...concurrencies)) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  endWithThisProcess(child);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          `bench/chat-server.ts ended (${signal ?? `exit code ${code}`}) before it was ready`,
        ),
      ),
    );
  });
  const { base, tokens, dataDir } = JSON.parse(line) as {
    base: string;
    tokens: string[];
    dataDir: string;
  };
  return {
    base,
    tokens,
    dataDir,
    pid: child.pid,
    close: () => stopProcess(child),
  };
}

function throughUs(base: string, token: string, text: string) {
  return timedPost(
    `${base}/api/conversations/${randomUUID()}/messages`,
    { authorization: `Bearer ${token}` },
    { text },
    (line) => line.startsWith('data: {"type":"text-delta"'),
  );
}

function direct(llmUrl: string) {
  return timedPost(
    `${llmUrl}/chat/completions`,
    {},
    {
      model: 'lexwise-fake-1',
      stream: true,
      messages: [{ role: 'user', content: 'Tell me about deposits' }],
    },
    (line) => line.includes('"content"'),
  );
}

/** What a measure gives: the replies counted, and those of its warm-up, shown apart. */
interface Measured {
  counted: Sample[];
  warmUp: Sample[];
}

/** Rounds of `concurrency` replies sent at once, after one untimed round (the warm-up). */
async function burst(run: () => Promise<Sample>, concurrency: number): Promise<Measured> {
  const warmUp = await Promise.all(Array.from({ length: concurrency }, run));
  const counted: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    counted.push(...(await Promise.all(Array.from({ length: concurrency }, run))));
  }
  return { counted, warmUp };
}

const replyMs = reply.firstTokenDelayMs + (40 / reply.tokensPerSecond) * 1000;

/**
 * Replies that start in the first three replies' length at a new concurrency are not counted:
 * that is the warm-up of both servers at it (the model's connection pool growing, the code the
 * new load takes being compiled, the heap growing). Traced request by request, the app's event
 * loop stalled for up to 50 ms in its first 1.6 s at 50 streams, and not after.
 */
const warmUpMs = 3 * replyMs;

/**
 * `concurrency` clients in a loop, each starting its next reply when the last one ends; their
 * starts are spread over one reply's length. Only replies that start after the warm-up count,
 * until there are `rounds` x `concurrency` of them (at least 20).
 */
async function steady(run: () => Promise<Sample>, concurrency: number): Promise<Measured> {
  const counted: Sample[] = [];
  const warmUp: Sample[] = [];
  const want = Math.max(20, rounds * concurrency);
  const rampedUp = performance.now() + warmUpMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * replyMs) / concurrency));
      while (counted.length < want) {
        const counts = performance.now() >= rampedUp;
        const sample = await run();
        if (!counts) warmUp.push(sample);
        else if (counted.length < want) counted.push(sample);
      }
    }),
  );
  return { counted, warmUp };
}

function summary(samples: Sample[]) {
  const first = samples.map((s) => s.firstMs);
  const gaps = samples.flatMap((s) => s.gaps);
  return {
    firstP50: percentile(first, 50),
    firstP99: percentile(first, 99),
    gapP50: percentile(gaps, 50),
    gapP99: percentile(gaps, 99),
    tokensPerSecond:
      samples.reduce((sum, s) => sum + (s.gaps.length + 1) / (s.totalMs / 1000), 0) /
      samples.length,
  };
}

const fmt = (n: number) => n.toFixed(1).padStart(7);

const llm = await startLlmProcess();
// BENCH_KEEP_DATA: its people (and secret) serve the cold starts of "burst right after ready".
const model = await startApp({ ...llm.env, BENCH_KEEP_DATA: '1' });
console.log(
  `chat streaming, ${rounds} x streams replies per measure; model: first token after ${reply.firstTokenDelayMs} ms, ${reply.tokensPerSecond} tokens/s\n` +
    `machine at the start: ${describeMachine()}\n`,
);
console.log(
  'load    streams  path     first p50  first p99  gap p50  gap p99  tokens/s   (ms)\n' +
    '------  -------  -------  ---------  ---------  -------  -------  --------',
);
let next = 0;
const viaUs = () =>
  throughUs(model.base, model.tokens[next++ % model.tokens.length]!, nextQuestion());
/** The app's CPU time (all its threads) per reply over the 50-stream steady measure. */
let cpuPerReply = Number.NaN;
const toModel = () => direct(llm.url);
// BENCH_COLD_ONLY=1 measures the burst right after ready alone (it is the slowest to settle).
const coldOnly = process.env.BENCH_COLD_ONLY === '1';
for (const [load, measure] of coldOnly
  ? []
  : ([
      ['steady', steady],
      ['burst', burst],
    ] as const)) {
  for (const concurrency of load === 'steady' ? concurrencies : concurrencies.slice(1)) {
    const [cpuBefore, repliesBefore] = [cpuMs(model.pid), next];
    const { counted: oursCounted, warmUp: oursWarmUp } = await measure(viaUs, concurrency);
    const ours = summary(oursCounted);
    if (load === 'steady' && concurrency === 50) {
      cpuPerReply = (cpuMs(model.pid) - cpuBefore) / (next - repliesBefore);
    }
    const { counted: theirsCounted, warmUp: theirsWarmUp } = await measure(toModel, concurrency);
    const theirs = summary(theirsCounted);
    for (const [name, s] of [
      ['direct', theirs],
      ['via us', ours],
    ] as const) {
      console.log(
        `${load.padEnd(6)}  ${String(concurrency).padStart(7)}  ${name}  ${fmt(s.firstP50)}    ${fmt(s.firstP99)}    ${fmt(s.gapP50)}  ${fmt(s.gapP99)}  ${fmt(s.tokensPerSecond)}`,
      );
    }
    console.log(
      `                 added    ${fmt(ours.firstP50 - theirs.firstP50)}    ${fmt(ours.firstP99 - theirs.firstP99)}` +
        (load === 'steady' && concurrency === 50 ? '    (budget: +15 median, +50 p99)' : ''),
    );
    if (load === 'steady' && concurrency > 1) {
      const [us, them] = [summary(oursWarmUp), summary(theirsWarmUp)];
      console.log(
        `  not counted, the warm-up (${oursWarmUp.length} and ${theirsWarmUp.length} replies in ${(warmUpMs / 1000).toFixed(1)} s): ` +
          `first p50 ${us.firstP50.toFixed(1)} via us, ${them.firstP50.toFixed(1)} direct; ` +
          `p99 ${us.firstP99.toFixed(1)} via us, ${them.firstP99.toFixed(1)} direct`,
      );
    }
  }
}
if (!coldOnly)
  console.log(
    `\nthe app's CPU time at 50 steady streams (all its threads, /proc): ${cpuPerReply.toFixed(1)} ms per reply`,
  );
await model.close();

// Burst right after ready: each round starts a fresh instance on the same data (its people
// exist, their tokens are valid), waits for /readyz to say ready, and sends 50 questions at
// once, as a load balancer sends a new instance its share as soon as it is ready. Then the same
// instance gets a second burst: what the first costs over it is what ready still leaves cold,
// in time and in the app's CPU (all its threads), measured in the same conditions. The model's
// own burst is measured beside each round.
{
  const concurrency = Math.max(...concurrencies);
  const ours: Sample[] = [];
  const oursNext: Sample[] = [];
  const theirs: Sample[] = [];
  const cpuFirst: number[] = [];
  const cpuNext: number[] = [];
  const askAll = (base: string) =>
    Promise.all(
      Array.from({ length: concurrency }, (_, i) =>
        throughUs(base, model.tokens[i % model.tokens.length]!, nextQuestion()),
      ),
    );
  for (let round = 0; round < rounds; round++) {
    const fresh = await startApp({ ...llm.env, BENCH_DATA_DIR: model.dataDir });
    let cpu = cpuMs(fresh.pid);
    ours.push(...(await askAll(fresh.base)));
    cpuFirst.push(cpuMs(fresh.pid) - cpu);
    cpu = cpuMs(fresh.pid);
    oursNext.push(...(await askAll(fresh.base)));
    cpuNext.push(cpuMs(fresh.pid) - cpu);
    await fresh.close();
    theirs.push(...(await Promise.all(Array.from({ length: concurrency }, toModel))));
  }
  const [us, next, them] = [summary(ours), summary(oursNext), summary(theirs)];
  console.log(
    `\nburst right after ready (${rounds} cold starts, ${concurrency} questions at once each):\n` +
      `  direct  first p50 ${fmt(them.firstP50)}  p99 ${fmt(them.firstP99)}\n` +
      `  via us  first p50 ${fmt(us.firstP50)}  p99 ${fmt(us.firstP99)}\n` +
      `  added   first p50 ${fmt(us.firstP50 - them.firstP50)}  p99 ${fmt(us.firstP99 - them.firstP99)}    (budget: +15 median, +50 p99)\n` +
      `  the same instance's next burst: added p50 ${fmt(next.firstP50 - them.firstP50)}  p99 ${fmt(next.firstP99 - them.firstP99)}\n` +
      `  the app's CPU per burst (all its threads): first ${cpuFirst.join(' / ')} ms, next ${cpuNext.join(' / ')} ms`,
  );
  rmSync(model.dataDir, { recursive: true, force: true });
}
await llm.close();

if (coldOnly) process.exit(0);
// Library mode: no model; the answer is composed from the guides' passages.
const library = await startApp({});
let nextUser = 0;
const { counted: libraryReplies } = await burst(
  () =>
    throughUs(library.base, library.tokens[nextUser++ % library.tokens.length]!, nextQuestion()),
  1,
);
const lib = summary(libraryReplies);
console.log(
  `\nlibrary mode, one stream: first words p50 ${lib.firstP50.toFixed(1)} ms, p99 ${lib.firstP99.toFixed(1)} ms (budget p50 100 ms)`,
);
await library.close();
