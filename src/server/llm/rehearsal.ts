import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatibleSource, type ModelSettings } from './openai-compatible.js';

/** How many replies the rehearsal reads, how many at once, and how many pieces each has. */
export const rehearsalSize = { replies: 60, atOnce: 10, pieces: 40 };

/**
 * Reads replies from a stand-in provider on loopback through the model's own source, so that
 * the code that reads a provider's stream (the HTTP client, Server-Sent Events, JSON and schema
 * checks, the provider's web streams) is compiled before the first people's replies, which
 * otherwise paid for it: a fresh instance's first burst of replies took twice the CPU of the
 * next, most of it compiling this code (decision 0148). The stand-in answers as an
 * OpenAI-compatible endpoint does, each piece in a write of its own; nothing leaves the machine
 * and the real provider is not called. Resolves when done; a failure only ends it early.
 */
export async function rehearse(
  settings: ModelSettings,
  { replies, atOnce, pieces } = rehearsalSize,
): Promise<void> {
  const server = createServer((request, response) => void standIn(request, response, pieces));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const { port } = server.address() as AddressInfo;
    const source = createOpenAICompatibleSource({
      ...settings,
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'rehearsal',
    });
    const read = async () => {
      for await (const event of source.stream({
        system: 'You answer from the guides given.',
        messages: [{ role: 'user', content: 'How long can my landlord keep my deposit?' }],
        maxOutputTokens: 600,
        signal: new AbortController().signal,
      })) {
        void event;
      }
    };
    for (let done = 0; done < replies; done += atOnce) {
      await Promise.all(Array.from({ length: Math.min(atOnce, replies - done) }, read));
    }
  } catch {
    // A rehearsal that cannot run (no loopback, say) leaves the code to compile on first use.
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** An OpenAI-compatible streamed answer: `pieces` words, then the finish and the usage. */
async function standIn(request: IncomingMessage, response: ServerResponse, pieces: number) {
  for await (const chunk of request) void chunk;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const created = Math.floor(Date.now() / 1000);
  const event = (delta: object, finish: string | null, usage?: object) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-rehearsal',
      object: 'chat.completion.chunk',
      created,
      model: 'rehearsal',
      choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    })}\n\n`;
  for (let i = 0; i < pieces; i++) {
    const delta = i === 0 ? { role: 'assistant', content: 'Word ' } : { content: `word${i} ` };
    response.write(event(delta, null));
    // A piece per read, as a provider's stream arrives.
    await new Promise((resolve) => setImmediate(resolve));
  }
  response.write(event({}, 'stop'));
  response.write(
    event({}, null, { prompt_tokens: 20, completion_tokens: pieces, total_tokens: 20 + pieces }),
  );
  response.end('data: [DONE]\n\n');
}
