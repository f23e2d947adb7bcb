// Streaming overhead of the chat: time to first token through our server (POST
// /api/conversations/:id/messages, the UI message stream) minus the model's own (the same
// OpenAI-compatible fake called directly), at 1 and 50 concurrent streams, and the gaps between
// chunks both ways. The app (bench/chat-server.ts) and the model stand-in each run in a process
// of their own, so the load generated here weighs the same on both paths. Then library mode: time to the first words with no model configured.
// Usage: npm run bench:chat   (BENCH_ROUNDS=5 for more samples per concurrency)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { freePort, waitFor } from './local-server';

const rounds = Number(process.env.BENCH_ROUNDS || 3);
const concurrencies = [1, 50];
// The model: 100 ms before the first token, then 50 tokens a second, 40 words.
const reply = {
  text: Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '),
  firstTokenDelayMs: 100,
  tokensPerSecond: 50,
};

interface Sample {
  firstMs: number;
  gaps: number[];
  totalMs: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Reads a streamed body, noting when each piece of text arrives (by a predicate on the line). */
async function timeStream(response: Response, isText: (line: string) => boolean, started: number) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const times: number[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const now = performance.now();
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (isText(line)) times.push(now - started);
  }
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  return { firstMs: times[0] ?? NaN, gaps, totalMs: performance.now() - started };
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
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  await fetch(`${base}/__default`, { method: 'POST', body: JSON.stringify(reply) });
  return {
    url: `${base}/v1`,
    env: { LLM_BASE_URL: `${base}/v1`, LLM_MODEL: 'lexwise-fake-1', LLM_API_KEY: 'bench-key' },
    async close() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
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
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { base, tokens } = JSON.parse(line) as { base: string; tokens: string[] };
  return {
    base,
    tokens,
    async close() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

function throughUs(base: string, token: string, text: string) {
  const started = performance.now();
  return fetch(`${base}/api/conversations/${randomUUID()}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  }).then((response) =>
    timeStream(response, (line) => line.startsWith('data: {"type":"text-delta"'), started),
  );
}

function direct(llmUrl: string) {
  const started = performance.now();
  return fetch(`${llmUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'lexwise-fake-1',
      stream: true,
      messages: [{ role: 'user', content: 'Tell me about deposits' }],
    }),
  }).then((response) => timeStream(response, (line) => line.includes('"content"'), started));
}

async function measure(run: () => Promise<Sample>, concurrency: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    samples.push(...(await Promise.all(Array.from({ length: concurrency }, run))));
  }
  return samples;
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
const model = await startApp(llm.env);
console.log(
  `chat streaming, ${rounds} rounds per concurrency; model: first token after ${reply.firstTokenDelayMs} ms, ${reply.tokensPerSecond} tokens/s\n`,
);
console.log(
  'streams  path     first p50  first p99  gap p50  gap p99  tokens/s   (ms)\n' +
    '-------  -------  ---------  ---------  -------  -------  --------',
);
// One untimed reply first: the assistant's libraries load on first use.
await throughUs(model.base, model.tokens[0]!, 'Deposit?');
for (const concurrency of concurrencies) {
  let next = 0;
  const ours = summary(
    await measure(
      () => throughUs(model.base, model.tokens[next++ % model.tokens.length]!, 'Deposit?'),
      concurrency,
    ),
  );
  const theirs = summary(await measure(() => direct(llm.url), concurrency));
  for (const [name, s] of [
    ['direct', theirs],
    ['via us', ours],
  ] as const) {
    console.log(
      `${String(concurrency).padStart(7)}  ${name}  ${fmt(s.firstP50)}    ${fmt(s.firstP99)}    ${fmt(s.gapP50)}  ${fmt(s.gapP99)}  ${fmt(s.tokensPerSecond)}`,
    );
  }
  console.log(
    `         added    ${fmt(ours.firstP50 - theirs.firstP50)}    ${fmt(ours.firstP99 - theirs.firstP99)}    (budget at 50 streams: +15 median, +50 p99)`,
  );
}
await model.close();
await llm.close();

// Library mode: no model; the answer is composed from the guides' passages.
const library = await startApp({});
let next = 0;
const lib = summary(
  await measure(
    () =>
      throughUs(
        library.base,
        library.tokens[next++ % library.tokens.length]!,
        'How long can my landlord keep my deposit?',
      ),
    1,
  ).then(async (first) => [
    ...first,
    ...(await measure(
      () => throughUs(library.base, library.tokens[next++ % library.tokens.length]!, 'deposit'),
      1,
    )),
  ]),
);
console.log(
  `\nlibrary mode, one stream: first words p50 ${lib.firstP50.toFixed(1)} ms, p99 ${lib.firstP99.toFixed(1)} ms (budget p50 100 ms)`,
);
await library.close();
