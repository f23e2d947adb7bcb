// A small OpenAI-compatible chat completions server, for the calls the assistant makes:
//   POST /v1/chat/completions   with stream: true -> Server-Sent Events of chat.completion.chunk,
//                               the usage chunk last when asked (stream_options.include_usage), [DONE]
//   POST /__script              queue a scripted reply (JSON, the Reply type below) from another process
//   POST /__default             the reply for requests no scripted reply matches (JSON, a Reply)
//   POST /__reset               clear the queue and the recorded requests
//   GET  /__requests            what the app sent, as JSON
//   GET  /healthz
// Each request takes the next scripted reply, else the default one. A reply says what to write,
// how long to wait before the first token, how fast to write, whether to report usage, and
// whether to fail before the stream (an HTTP error) or during it (the connection drops).
//
// Run standalone: node --import tsx test/fakes/llm-server.ts <port>
// In tests: const llm = await startLlmFake(); llm.script({ text: '...' }); llm.env(); await llm.close();
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countTokens } from 'gpt-tokenizer';
import { readBody } from './read-body';

export interface Reply {
  /** Only for a request whose last question contains this (parallel tests share one fake). */
  match?: string;
  /** The answer, sent a word (with its following space) per chunk. */
  text: string;
  /** Milliseconds before the first chunk. */
  firstTokenDelayMs?: number;
  /** Chunks per second after the first; 0 or unset for as fast as possible. */
  tokensPerSecond?: number;
  /** 'last-chunk' (when the client asks for it, as OpenAI does) or 'none'. Default 'last-chunk'. */
  usage?: 'last-chunk' | 'none';
  /** Answer this HTTP status with an error body instead of a stream. */
  failBeforeStream?: number;
  /** Drop the connection after this many chunks. */
  failAfterChunks?: number;
}

export interface RecordedRequest {
  model: string;
  messages: { role: string; content: string }[];
  maxTokens: number | undefined;
  includeUsage: boolean;
  authorization: string | undefined;
}

export interface LlmFake {
  /** The base URL the app calls, ending in /v1. */
  url: string;
  port: number;
  env(): Record<string, string>;
  script(...replies: Reply[]): void;
  setDefault(reply: Reply): void;
  requests(): RecordedRequest[];
  /** Streams the client closed before the end. */
  aborted(): number;
  reset(): void;
  close(): Promise<void>;
}

export const fakeModel = 'lexwise-fake-1';
export const defaultReply: Reply = {
  text: 'Under the guides you were given, a landlord must return a deposit within the time the law sets [1]. If your case is disputed, consider talking to a lawyer.',
};

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Splits text into word-sized chunks that join back to exactly the text. */
export function chunksOf(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startLlmFake(options: { port?: number } = {}): Promise<LlmFake> {
  const queue: Reply[] = [];
  let fallback: Reply = defaultReply;
  const recorded: RecordedRequest[] = [];
  let abortedCount = 0;

  async function completions(request: IncomingMessage, response: ServerResponse) {
    const body = JSON.parse(await readBody(request)) as {
      model: string;
      messages: { role: string; content: string | { type: string; text?: string }[] }[];
      max_tokens?: number;
      stream?: boolean;
      stream_options?: { include_usage?: boolean };
    };
    const messages = body.messages.map((m) => ({
      role: m.role,
      content:
        typeof m.content === 'string'
          ? m.content
          : m.content.map((part) => part.text ?? '').join(''),
    }));
    const includeUsage = body.stream_options?.include_usage === true;
    recorded.push({
      model: body.model,
      messages,
      maxTokens: body.max_tokens,
      includeUsage,
      authorization: request.headers.authorization,
    });
    const question = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const index = queue.findIndex((r) => !r.match || question.includes(r.match));
    const reply = index >= 0 ? queue.splice(index, 1)[0]! : fallback;
    if (reply.failBeforeStream) {
      return json(response, reply.failBeforeStream, {
        error: { message: 'The fake model was told to fail.', type: 'server_error' },
      });
    }
    if (!body.stream) return json(response, 400, { error: { message: 'stream: true only' } });

    let closed = false;
    response.on('close', () => {
      if (!response.writableFinished) {
        closed = true;
        abortedCount++;
      }
    });
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    response.flushHeaders();
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const created = Math.floor(Date.now() / 1000);
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: Record<string, string>, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });

    if (reply.firstTokenDelayMs) await sleep(reply.firstTokenDelayMs);
    const pieces = chunksOf(reply.text);
    const gap = reply.tokensPerSecond ? 1000 / reply.tokensPerSecond : 0;
    for (const [index, piece] of pieces.entries()) {
      if (closed) return;
      if (reply.failAfterChunks !== undefined && index >= reply.failAfterChunks) {
        // Let what was written reach the client, then drop the connection mid-stream.
        await sleep(50);
        response.destroy();
        return;
      }
      if (index > 0 && gap) await sleep(gap);
      if (closed) return;
      send(chunk(index === 0 ? { role: 'assistant', content: piece } : { content: piece }));
    }
    if (closed) return;
    send(chunk({}, 'stop'));
    if (includeUsage && (reply.usage ?? 'last-chunk') === 'last-chunk') {
      const promptTokens = messages.reduce((sum, m) => sum + countTokens(m.content), 0);
      send({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: pieces.length,
          total_tokens: promptTokens + pieces.length,
        },
      });
    }
    response.write('data: [DONE]\n\n');
    response.end();
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const handle = async () => {
      if (request.method === 'POST' && path === '/v1/chat/completions') {
        return completions(request, response);
      }
      if (request.method === 'POST' && path === '/__script') {
        queue.push(JSON.parse(await readBody(request)) as Reply);
        return json(response, 200, { queued: queue.length });
      }
      if (request.method === 'POST' && path === '/__default') {
        fallback = JSON.parse(await readBody(request)) as Reply;
        return json(response, 200, {});
      }
      if (request.method === 'POST' && path === '/__reset') {
        queue.length = 0;
        recorded.length = 0;
        return json(response, 200, {});
      }
      if (request.method === 'GET' && path === '/__requests') return json(response, 200, recorded);
      if (request.method === 'GET' && path === '/healthz') return json(response, 200, {});
      return json(response, 404, { error: { message: 'not found' } });
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/v1`;
  return {
    url,
    port,
    env: () => ({ LLM_BASE_URL: url, LLM_MODEL: fakeModel, LLM_API_KEY: 'test-key' }),
    script: (...replies) => void queue.push(...replies),
    setDefault: (reply) => {
      fallback = reply;
    },
    requests: () => [...recorded],
    aborted: () => abortedCount,
    reset: () => {
      queue.length = 0;
      recorded.length = 0;
      abortedCount = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startLlmFake({ port: Number(process.argv[2] ?? 3345) });
  console.log(`OpenAI-compatible fake at ${fake.url}`);
}
