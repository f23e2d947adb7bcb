import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Closes, when the server closes, the connections that carry no request: those between
 * requests, and those opened and not yet used (browsers and HTTP clients open spare connections
 * ahead of need). Node's own close ends only the first kind, and stops the check that would end
 * the second on the headers timeout, so an unused connection held the close (and a SIGTERM) until
 * the client gave it up: 71 s for a client that honours our Keep-Alive hint. A connection busy with
 * a response is closed once that response ends.
 *
 * Nothing is done per request: the response in progress on a socket is Node's `_httpMessage`
 * (what its own closeIdleConnections reads). Returns the function to call when closing starts.
 */
export function trackIdleConnections(server: Server): () => void {
  const open = new Set<Socket>();
  server.on('connection', (socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return () => {
    for (const socket of open) {
      const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (!response || response.writableFinished) socket.destroy();
      // destroySoon: what the response wrote leaves before the connection closes.
      else response.once('close', () => socket.destroySoon());
    }
  };
}
