import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch } from './http-fetch.js';

// The provider's fetch against a real HTTP server on this machine: what it sends, what it hands
// back, and how it ends when the caller aborts, stops reading or the server goes away.

let server: http.Server;
let base: string;
/** What the server saw of each request, and whether its response was cut off. */
const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let cutOff: Promise<void> = Promise.resolve();
/** Bytes the /flood response has written so far. */
let flooded = 0;

/** `cutOff` resolves when this response's connection closes. */
function watchCutOff(response: http.ServerResponse) {
  cutOff = new Promise((resolve) => response.once('close', () => resolve()));
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (piece: string) => (body += piece));
    request.on('end', () => {
      seen.push({ method: request.method, headers: request.headers, body });
      const path = request.url ?? '/';
      if (path === '/echo') {
        response.writeHead(201, { 'content-type': 'application/json', 'x-trace': 'a' });
        response.end(JSON.stringify({ body }));
      } else if (path === '/empty') {
        response.writeHead(204).end();
      } else if (path === '/refuse') {
        response.writeHead(429, { 'retry-after': '1' }).end('{"error":"slow down"}');
      } else if (path === '/endless') {
        // A piece every 5 ms until the client goes away.
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        watchCutOff(response);
        const timer = setInterval(() => response.write(`data: ${'x'.repeat(1024)}\n\n`), 5);
        response.on('close', () => clearInterval(timer));
      } else if (path === '/flood') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        watchCutOff(response);
        flooded = 0;
        const piece = Buffer.alloc(64 * 1024, 1);
        const write = () => {
          while (!response.destroyed && response.write(piece)) flooded += piece.length;
          flooded += piece.length;
        };
        response.on('drain', write);
        write();
      } else if (path === '/drop') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: first\n\n', () => setTimeout(() => response.socket?.destroy(), 20));
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

const fetchOverHttp = createHttpFetch();

describe('the model provider’s fetch', () => {
  it('sends the method, headers and body, and returns the status, headers and body', async () => {
    const response = await fetchOverHttp(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
      body: '{"question":"deposit"}',
    });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-trace')).toBe('a');
    expect(await response.json()).toEqual({ body: '{"question":"deposit"}' });
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('returns a refusal as a response, with its body to read', async () => {
    const response = await fetchOverHttp(`${base}/refuse`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(429);
    expect(response.ok).toBe(false);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.text()).toBe('{"error":"slow down"}');
  });

  it('returns no body for 204', async () => {
    const response = await fetchOverHttp(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('rejects with an AbortError when aborted before the answer, and sends nothing after', async () => {
    const abort = new AbortController();
    abort.abort();
    const before = seen.length;
    await expect(fetchOverHttp(`${base}/echo`, { signal: abort.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(seen.length).toBe(before);
  });

  it('ends the body with the abort’s reason and closes the connection when aborted while streaming', async () => {
    const abort = new AbortController();
    const response = await fetchOverHttp(`${base}/endless`, { signal: abort.signal });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    abort.abort();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    await cutOff;
  });

  it('closes the connection when the reader cancels', async () => {
    const response = await fetchOverHttp(`${base}/endless`);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await cutOff;
  });

  it('stops taking the stream in while nobody reads it', async () => {
    const response = await fetchOverHttp(`${base}/flood`);
    const reader = response.body!.getReader();
    await reader.read();
    // The server writes as fast as the connection takes it. Unread, the socket is paused, so the
    // server is held back: what it manages to write stops growing.
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await sleep(300);
    const settled = flooded;
    await sleep(300);
    expect(flooded).toBe(settled);
    expect(flooded).toBeLessThan(64 * 1024 * 1024);
    await reader.cancel();
    await cutOff;
  });

  it('errors the body when the server drops the connection mid-stream', async () => {
    const response = await fetchOverHttp(`${base}/drop`);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    await expect(reader.read()).rejects.toThrow();
  });

  it('fails with the connection’s error code when nothing listens', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    await expect(fetchOverHttp(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('refuses other protocols and bodies it does not send', async () => {
    await expect(fetchOverHttp('file:///etc/passwd')).rejects.toThrow(TypeError);
    await expect(
      fetchOverHttp(`${base}/echo`, { method: 'POST', body: new Uint8Array([1]) }),
    ).rejects.toThrow(TypeError);
  });
});
