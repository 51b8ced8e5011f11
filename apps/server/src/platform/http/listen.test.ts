import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from './listen.ts';

// A client in another thread, so it keeps running while this thread is stalled: it sends GETs on
// one keep-alive connection and answers each with the status, or the error code.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise((resolve) => {
  const request = http.get({ host: '127.0.0.1', port: workerData.port, path: '/', agent }, (response) => {
    response.resume();
    response.on('end', () => resolve({ status: response.statusCode, reused: request.reusedSocket }));
  });
  request.on('error', (error) => resolve({ error: error.code, reused: request.reusedSocket }));
});
parentPort.on('message', async (message) => {
  if (message === 'get') return parentPort.postMessage(await get());
  // 'stall-then-get': the server's thread stalls when it reads this; the GET goes out meanwhile.
  parentPort.postMessage('stalling');
  setTimeout(async () => parentPort.postMessage(await get()), 200);
});
`;

/** Node's own keep-alive timeout, which the stall outlasts. */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000;

describe('the HTTP server', () => {
  it('answers a request sent on a kept-alive connection while its event loop was stalled for longer than 5 s', async () => {
    const app = new Hono().get('/', (c) => c.text('ok'));
    const server = await listen(app.fetch, { port: 0, hostname: '127.0.0.1' });
    const worker = new Worker(CLIENT, { eval: true, workerData: { port: (server.address() as AddressInfo).port } });
    afterAll(async () => {
      await worker.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const next = () => new Promise<unknown>((resolve) => worker.once('message', resolve));

    worker.postMessage('get');
    expect(await next()).toEqual({ status: 200, reused: false });

    // The stall runs in an I/O callback, as a long computation after a database answer does: once
    // it ends, the loop runs its timers before it reads the request that arrived meanwhile.
    const stalled = new Promise<void>((resolve) =>
      worker.once('message', () => {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, NODE_DEFAULT_KEEP_ALIVE_MS + 1_000);
        resolve();
      }),
    );
    worker.postMessage('stall-then-get');
    await stalled;
    expect(await next()).toEqual({ status: 200, reused: true });
  });
});
