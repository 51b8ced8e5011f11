import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMbox } from '../mail/connectors/mbox/fixtures.ts';
import { findFreePort } from '../platform/db/embedded-postgres.ts';
import { enronFolder, listFiles } from '../test-support/corpus.ts';
import { killServerProcesses, startServerProcess } from '../test-support/server-process.ts';

/**
 * Broken uploads sent over a socket to a production-like server process: each one answers with the
 * error shape, leaves nothing under DATA_DIR/imports and no account, and the process keeps serving.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-import-server-'));
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];
let server: Awaited<ReturnType<typeof startServerProcess>>;
let cookie: string;
let port: number;

beforeAll(async () => {
  port = await findFreePort();
  server = await startServerProcess({ port, dataDir });
  children.push(server.child);
  if (!server.healthy) throw new Error(`the server did not start:\n${server.output()}`);
  cookie = await server.signUpAndIn('uploader@example.com');
}, 120_000);

afterAll(() => {
  killServerProcesses(children, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const importsDir = path.join(dataDir, 'imports');
/** The files the server keeps under imports/; it removes folders while we look, so a vanished one means look again. */
function filesUnderImports(): string[] {
  for (let attempt = 1; ; attempt++) {
    try {
      return fs.existsSync(importsDir) ? listFiles(importsDir) : [];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 20) throw error;
    }
  }
}
const accounts = async () =>
  ((await (await fetch(`${server.base}/api/accounts`, { headers: { cookie } })).json()) as { accounts: { emailAddress: string }[] })
    .accounts;

type RawResponse = { status: number; body: string };

/** An HTTP/1.1 request written by hand: the head, then `body`; `cut` closes the socket without finishing it. */
function sendRaw(options: { contentLength: number; body: Buffer[]; cut?: boolean; boundary?: string }): Promise<RawResponse | null> {
  const head = [
    'POST /api/accounts/import HTTP/1.1',
    `Host: localhost:${port}`,
    `Origin: ${server.origin}`,
    `Cookie: ${cookie}`,
    `Content-Type: multipart/form-data; boundary=${options.boundary ?? 'zzz'}`,
    `Content-Length: ${options.contentLength}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (error) => (options.cut ? resolve(null) : reject(error)));
    socket.on('close', () => resolve(received.length ? parseResponse(Buffer.concat(received)) : null));
    socket.write(head);
    for (const chunk of options.body) socket.write(chunk);
    if (options.cut) setTimeout(() => socket.destroy(), 300);
  });
}

function parseResponse(bytes: Buffer): RawResponse {
  const split = bytes.indexOf('\r\n\r\n');
  const head = bytes.subarray(0, split).toString('latin1');
  let body = bytes.subarray(split + 4);
  if (/^transfer-encoding:\s*chunked/im.test(head)) {
    const chunks: Buffer[] = [];
    for (let at = 0; at < body.length; ) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!size) break;
      chunks.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(chunks);
  }
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), body: body.toString('utf8') };
}

const filePart = (filename: string) =>
  Buffer.from(
    `--zzz\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
const fieldPart = (name: string, value: string) =>
  Buffer.from(`--zzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);

/** The process is up, serves, and nothing of the upload is left. */
async function expectNothingLeft(accountsBefore: number) {
  expect(server.child.exitCode, server.output()).toBeNull();
  expect(await server.isHealthy()).toBe(true);
  // Handled where it happened, not left to the process guard.
  expect(server.output()).not.toContain('uncaught error');
  // A cut connection is noticed by the server a moment later: give it a few seconds to tidy up.
  const deadline = Date.now() + 5_000;
  while (filesUnderImports().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(filesUnderImports()).toEqual([]);
  expect(await accounts()).toHaveLength(accountsBefore);
}

describe('a broken upload to a running server', () => {
  it('answers 400 to a multipart body without its closing boundary (mbox or not) and the process stays up', async () => {
    // The request of the issue, byte for byte.
    const truncated = Buffer.from('--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.mbox"\r\n\r\nFrom x');
    const response = await sendRaw({ contentLength: truncated.length, body: [truncated] });
    expect(response?.status, server.output()).toBe(400);
    expect(JSON.parse(response!.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The upload ended before the whole file arrived.' },
    });
    await expectNothingLeft(0);

    const pdf = Buffer.concat([fieldPart('emailAddress', 'a@example.com'), filePart('a.pdf'), Buffer.from('%PDF-1.7 and then the end')]);
    const second = await sendRaw({ contentLength: pdf.length, body: [pdf] });
    expect(second?.status, server.output()).toBe(400);
    expect(JSON.parse(second!.body).error).toMatchObject({ code: 'BAD_REQUEST' });
    await expectNothingLeft(0);

    // A part header cut in the middle.
    const header = Buffer.from('--zzz\r\nContent-Disposition: form-da');
    const third = await sendRaw({ contentLength: header.length, body: [header] });
    expect(third?.status).toBe(400);
    await expectNothingLeft(0);
  });

  it('survives a connection cut in the middle of a large file and keeps no partial file', async () => {
    const mbox = toMbox(enronFolder('allen-p', 'inbox').map((file) => fs.readFileSync(file)));
    const start = Buffer.concat([fieldPart('emailAddress', 'cut@example.com'), filePart('big.mbox')]);
    // Declares 10 MB more than it sends, then hangs up.
    const response = await sendRaw({ contentLength: start.length + mbox.length + 10 * 1024 * 1024, body: [start, mbox], cut: true });
    expect(response?.status ?? null).not.toBe(201);
    await expectNothingLeft(0);
  });

  it('answers 409 for an address already connected while the file is still arriving, and the process stays up', async () => {
    const form = new FormData();
    form.set('emailAddress', 'taken@example.com');
    form.set(
      'file',
      new Blob([
        toMbox(
          enronFolder('allen-p', 'inbox')
            .slice(0, 2)
            .map((file) => fs.readFileSync(file)),
        ),
      ]),
      'a.mbox',
    );
    const first = await fetch(`${server.base}/api/accounts/import`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    expect(first.status).toBe(201);
    const before = filesUnderImports();
    expect(before).toHaveLength(1);

    const start = Buffer.concat([
      fieldPart('emailAddress', 'taken@example.com'),
      filePart('again.mbox'),
      Buffer.alloc(1024 * 1024, 'From '),
    ]);
    const response = await sendRaw({ contentLength: start.length + 50 * 1024 * 1024, body: [start], cut: true });
    expect(response?.status, server.output()).toBe(409);
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(server.output()).not.toContain('uncaught error');
    expect(await server.isHealthy()).toBe(true);
    expect(filesUnderImports()).toEqual(before);
    expect(await accounts()).toHaveLength(1);
  });
});
