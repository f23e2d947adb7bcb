import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../../test/support/auth-harness';
import { testGuideLibrary } from '../../../test/support/guides';

/**
 * The connection's life around a streamed chat reply: a client that says `Connection: close` gets
 * its socket closed once the reply ends, and an idle keep-alive socket is closed on the server's
 * keep-alive timeout.
 */
describe('connections after a streamed reply', () => {
  let h: AuthHarness | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await h?.close();
    h = undefined;
  });

  async function start(extraEnv: Record<string, string> = {}) {
    h = await createAuthHarness('sqlite', extraEnv, undefined, { guides: testGuideLibrary() });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as { port: number }).port;
    const me = await h.signUp('ada@example.com', 'correct horse battery staple');
    return { port, token: me.accessToken };
  }

  /** Sends one chat message over a raw socket; resolves with what arrived and how it ended. */
  function sendOverSocket(port: number, token: string, connection: 'close' | 'keep-alive') {
    const body = JSON.stringify({ text: 'How long can my landlord keep my deposit?' });
    const request =
      `POST /api/conversations/${randomUUID()}/messages HTTP/1.1\r\nHost: localhost\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: ${connection}\r\n\r\n${body}`;
    return new Promise<{ socket: Socket; received: () => string; closed: Promise<number> }>(
      (resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        sockets.push(socket);
        let received = '';
        const opened = Date.now();
        const closed = new Promise<number>((resolveClosed) =>
          socket.on('close', () => resolveClosed(Date.now() - opened)),
        );
        socket.on('error', () => undefined);
        socket.on('data', (chunk) => (received += chunk.toString()));
        resolve({ socket, received: () => received, closed });
      },
    );
  }

  it('closes the socket after the reply when the client sent Connection: close', async () => {
    // A long keep-alive timeout, so only honouring the client's header can close the socket.
    const { port, token } = await start({ KEEP_ALIVE_TIMEOUT_MS: '600000' });
    const exchange = await sendOverSocket(port, token, 'close');
    const outcome = await Promise.race([
      exchange.closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 8_000)),
    ]);
    expect(outcome).toBe('closed');
    const text = exchange.received();
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(text).toContain('data: [DONE]');
  });

  it('keeps a keep-alive socket open after the reply, then closes it once idle', async () => {
    const { port, token } = await start({ KEEP_ALIVE_TIMEOUT_MS: '1000' });
    const exchange = await sendOverSocket(port, token, 'keep-alive');
    await expect.poll(() => exchange.received(), { timeout: 8_000 }).toContain('data: [DONE]');
    expect(exchange.received().toLowerCase()).toContain('\r\nconnection: keep-alive\r\n');
    expect(exchange.socket.closed).toBe(false);
    const outcome = await Promise.race([
      exchange.closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 8_000)),
    ]);
    expect(outcome).toBe('closed');
  });

  it('closes an opened, unused connection when the server closes, and answers the busy ones first', async () => {
    const { port, token } = await start({ KEEP_ALIVE_TIMEOUT_MS: '600000' });
    const unused = connect(port, '127.0.0.1');
    sockets.push(unused);
    unused.on('error', () => undefined);
    await new Promise((resolve) => unused.once('connect', resolve));
    const unusedClosed = new Promise((resolve) => unused.once('close', resolve));
    const busy = await sendOverSocket(port, token, 'keep-alive');
    await expect.poll(() => busy.received(), { timeout: 8_000 }).toContain('HTTP/1.1 200');
    const closed = h!.app.close().then(() => 'closed');
    const outcome = await Promise.race([
      closed,
      new Promise((resolve) => setTimeout(() => resolve('still open'), 8_000)),
    ]);
    expect(outcome).toBe('closed');
    await unusedClosed;
    await busy.closed;
    expect(busy.received()).toContain('data: [DONE]');
  });
});
