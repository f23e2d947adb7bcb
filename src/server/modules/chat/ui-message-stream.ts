import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReplyStream } from './reply.js';

/**
 * The AI SDK's UI message stream headers (its clients check the version header). No
 * `Connection` header: Node writes keep-alive or close as the client asked (one set here would
 * keep a socket open after the reply that the client asked to close).
 */
const uiMessageStreamHeaders = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-store',
  'x-vercel-ai-ui-message-stream': 'v1',
  // Proxies such as nginx must pass each part on at once.
  'x-accel-buffering': 'no',
};

/**
 * Writes a reply as the UI message stream, one Server-Sent Event per part, without the SDK's
 * chain of web streams. From here the answer is ours to write: the headers Fastify gathered
 * (security headers) go out with the stream's own.
 */
export async function writeUiMessageStream(
  request: FastifyRequest,
  reply: FastifyReply,
  stream: ReplyStream,
): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (typeof value === 'string') headers[name] = value;
  }
  reply.hijack();
  const raw = reply.raw;
  // Keep-alive stated unless the client asked to close: without it, a client that goes away
  // mid-stream was not seen as gone.
  const keepAlive = /\bclose\b/i.test(request.headers.connection ?? '')
    ? {}
    : { connection: 'keep-alive' };
  raw.writeHead(200, { ...headers, ...uiMessageStreamHeaders, ...keepAlive });
  // Parts written in one go (the start, the parts after the settlement) leave in one socket
  // write: the first corks the response and the end of the current turn uncorks it.
  let corked = false;
  const uncork = () => {
    corked = false;
    raw.uncork();
  };
  await stream.run((chunk) => {
    if (raw.destroyed || raw.writableEnded) return;
    if (!corked) {
      corked = true;
      raw.cork();
      process.nextTick(uncork);
    }
    raw.write(`data: ${JSON.stringify(chunk)}\n\n`);
  });
  if (!raw.destroyed && !raw.writableEnded) raw.end('data: [DONE]\n\n');
}
