import type { Server } from 'node:http';
import { serve } from '@hono/node-server';

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s, measured when the
 * event loop next runs its timers: after a stall longer than that (a style profile of 600 sent
 * emails took 4-5 s on the main thread of a loaded machine), the server closed the connections
 * whose next request was already waiting in them, and their clients read ECONNRESET (issue 33,
 * two end-to-end failures). A minute outlasts any stall; browsers and proxies keep theirs shorter.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The HTTP server for `fetch` on `hostname:port`, once it listens. */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; hostname: string },
): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const server = serve({ fetch, port: options.port, hostname: options.hostname }, () => resolve(server)) as Server;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // A request's headers may take this long; Node wants it above the keep-alive timeout.
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    server.once('error', reject);
  });
}
