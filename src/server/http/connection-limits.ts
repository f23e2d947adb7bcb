import type { Server } from 'node:http';

export interface ConnectionLimits {
  /** Connections one client address may hold open at once; 0 for no cap. */
  perAddress: number;
  /** Connections the server holds open at once, all addresses together. */
  total: number;
}

/**
 * Caps open connections, so one address cannot hold them all (slow clients, idle keep-alives).
 * A connection over the cap is closed at once, before any byte of it is read. Behind a reverse
 * proxy every connection comes from the proxy, so the per-address cap belongs there instead
 * (buildApp passes 0 when TRUST_PROXY is set).
 */
export function limitConnections(server: Server, limits: ConnectionLimits) {
  server.maxConnections = limits.total;
  if (limits.perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
