import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as they are (no client library in between to fix them up) and reads one response.
 * Resolves when the response is complete or the server closes the connection.
 */
export function sendRaw(port: number, request: string | Buffer, timeoutMs = 10_000) {
  return new Promise<RawResponse>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete response within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = () => {
      const parsed = parseResponse(received);
      if (!parsed) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve(parsed);
      return true;
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      finish();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!finish()) {
        clearTimeout(timer);
        reject(new Error(`connection closed without a response: ${received.toString()}`));
      }
    });
  });
}

function parseResponse(data: Buffer): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = data.subarray(end + 4);
  if (body.length < length) return undefined;
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: body.subarray(0, length).toString('utf8'),
  };
}
