import type { Server } from 'node:http';

/**
 * The WebSocket connections (the realtime channel, /api/realtime) this process holds now: every
 * HTTP connection upgraded on the API port, counted from its upgrade to its close, read by the
 * metrics (ops/metrics.ts). Behind a load balancer it tells which API process holds a browser's
 * socket, and how evenly the sockets are spread.
 */
let open = 0;
const tracked = new WeakSet<Server>();

/** Counts the upgrades of `server` (once per server, however often it is asked). */
export function trackWebSockets(server: Server): void {
  if (tracked.has(server)) return;
  tracked.add(server);
  server.on('upgrade', (_request, socket) => {
    open += 1;
    socket.once('close', () => {
      open -= 1;
    });
  });
}

export function openWebSockets(): number {
  return open;
}
