import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from '../../../test/support/databases';
import { sendRaw } from '../../../test/support/raw-http';
import { buildApp, type App } from '../app';

describe('slow and greedy clients', () => {
  let env: TestEnvironment | undefined;
  let app: App | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await app?.close();
    await env?.cleanup();
    app = env = undefined;
  });

  async function start(extraEnv: Record<string, string>) {
    env = await createTestEnvironment('sqlite', extraEnv);
    app = await buildApp(env.config, { db: env.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }

  function open(port: number) {
    return new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', () => undefined);
      sockets.push(socket);
    });
  }
  const closed = (socket: Socket) =>
    new Promise<void>((resolve) => (socket.closed ? resolve() : socket.on('close', resolve)));

  it('answers 408 and closes a request whose body never finishes', async () => {
    const port = await start({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const partialBody =
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100\r\n\r\n{"email":';
    const response = await sendRaw(port, partialBody, 8_000);
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body).error.code).toBe('request.timeout');
  });

  it('closes a connection whose headers never finish', async () => {
    const port = await start({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const response = await sendRaw(port, 'GET /healthz HTTP/1.1\r\nHost: local', 8_000);
    expect(response.status).toBe(408);
  });

  it('caps the connections one address may hold open', async () => {
    const port = await start({ MAX_CONNECTIONS_PER_ADDRESS: '5' });
    const held = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    const extra = await open(port);
    await closed(extra);
    // Those within the cap still work, and a closed one frees its place.
    held[0]!.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise<void>((resolve) => held[0]!.once('data', () => resolve()));
    held[1]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await sendRaw(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')).status).toBe(
      200,
    );
  });
});
