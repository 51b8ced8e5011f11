import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { testCertificate } from './dovecot.ts';

// A real SMTP server (smtp-server) started by a test: STARTTLS with the test certificate (its own
// built-in one has expired), AUTH PLAIN/LOGIN against one user, and every message it accepted
// counted. Faults on demand: drop the connection right after the message was accepted (the client
// never hears the 250), refuse a recipient, a size limit.

export type ReceivedMessage = { from: string; to: string[]; raw: Buffer };

export async function startSmtpSink(options: { user?: string; password?: string; sizeLimit?: number } = {}) {
  const user = options.user ?? 'smtp-user';
  const password = options.password ?? 'smtp-pw';
  const { cert, key } = testCertificate();
  const received: ReceivedMessage[] = [];
  const refused = new Set<string>();
  let dropAfterAccepting = 0;
  let dropBeforeAccepting = 0;

  const server = new SMTPServer({
    key: fs.readFileSync(key),
    cert: fs.readFileSync(cert),
    authMethods: ['PLAIN', 'LOGIN'],
    ...(options.sizeLimit ? { size: options.sizeLimit } : {}),
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const error = new Error(`Mailbox unavailable: ${address.address}`) as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (options.sizeLimit && raw.length > options.sizeLimit) {
          const error = new Error('Message too large') as Error & { responseCode: number };
          error.responseCode = 552;
          return callback(error);
        }
        const socketOf = () => {
          for (const connection of (server as unknown as { connections: Set<{ id: string; _socket: { destroy: () => void } }> })
            .connections)
            if (connection.id === session.id) return connection._socket;
          return null;
        };
        if (dropBeforeAccepting > 0) {
          // The whole message arrived but the server goes away before taking it: not delivered.
          dropBeforeAccepting -= 1;
          socketOf()?.destroy();
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        if (dropAfterAccepting > 0) {
          // Accepted and kept, but the client never hears the 250.
          dropAfterAccepting -= 1;
          socketOf()?.destroy();
          return;
        }
        return callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  afterAll(stop);
  return {
    host: 'localhost',
    port,
    user,
    password,
    received,
    /** The next `times` messages are accepted and the connection dropped before the 250. */
    dropAfterAccepting: (times = 1) => {
      dropAfterAccepting = times;
    },
    /** The next `times` messages arrive whole, then the connection drops before the server takes them. */
    dropBeforeAccepting: (times = 1) => {
      dropBeforeAccepting = times;
    },
    refuseRecipient: (address: string) => refused.add(address.toLowerCase()),
    /** Messages received with this Message-ID (without angle brackets). */
    countMessageId: (messageId: string) => received.filter((m) => m.raw.toString('latin1').includes(`<${messageId}>`)).length,
    stop,
  };
}
