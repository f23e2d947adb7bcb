import http from 'node:http';
import https from 'node:https';

/** Statuses whose response has no body (the Response constructor refuses one). */
const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for the model's provider on Node's own HTTP client, with connections kept alive.
 * The global fetch (undici) wraps each piece of a streamed answer in several web streams of its
 * own before the provider's; this one hands the provider one stream, fed straight from the
 * socket, and pauses the socket while that stream is full, so a reader that stops reading stops
 * the transfer. It implements what the provider uses: a URL, method, headers, a string body and
 * an abort signal (decision 0096).
 */
export function createHttpFetch(): typeof fetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new TypeError(`fetch supports http and https, not ${url.protocol}`));
        return;
      }
      const signal = init?.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
      const body = init?.body ?? undefined;
      if (body !== undefined && typeof body !== 'string') {
        reject(new TypeError('fetch supports a string body only'));
        return;
      }

      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: init?.method ?? 'GET',
          headers,
          agent: agents[url.protocol],
          ...(signal ? { signal } : {}),
        },
        (response) => {
          const status = response.statusCode ?? 502;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) {
              responseHeaders.append(name, one);
            }
          }
          const init = {
            status,
            statusText: response.statusMessage ?? '',
            headers: responseHeaders,
          };
          if (nullBodyStatuses.has(status)) {
            response.resume();
            resolve(new Response(null, init));
            return;
          }
          let open = true;
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              response.on('data', (chunk: Buffer) => {
                controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
                if ((controller.desiredSize ?? 1) <= 0) response.pause();
              });
              response.on('end', () => {
                if (!open) return;
                open = false;
                controller.close();
              });
              // Cut off before its end: the abort signal, or the connection lost.
              const fail = (error: unknown) => {
                if (!open) return;
                open = false;
                controller.error(signal?.aborted ? signal.reason : error);
              };
              response.on('error', fail);
              response.on('close', () => fail(new Error('the response ended early')));
            },
            pull() {
              response.resume();
            },
            cancel() {
              open = false;
              response.destroy();
            },
          });
          resolve(new Response(stream, init));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}
