import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { testCertificate } from './dovecot.ts';

// A real SMTP server (smtp-server) started by a test: STARTTLS with the test certificate (its own
// built-in one has expired), AUTH PLAIN/LOGIN against one user, and every message it accepted
// counted; with `oauth2IntrospectionUrl`, also AUTH XOAUTH2 with a bearer token checked there (the
// Microsoft stand-in's, as smtp.office365.com checks Microsoft's tokens). Faults on demand: drop the
// connection right after the message was accepted (the client never hears the 250), refuse a
// recipient, a size limit.

export type ReceivedMessage = { from: string; to: string[]; raw: Buffer };

/** Whether the stand-in's introspection says `token` is a live token of `user`. */
async function bearerTokenIsLive(introspectionUrl: string, user: string, token: string): Promise<boolean> {
  const response = await fetch(introspectionUrl, { method: 'POST', body: new URLSearchParams({ token }) });
  const answer = (await response.json()) as { active?: boolean; email?: string };
  return answer.active === true && answer.email?.toLowerCase() === user.toLowerCase();
}

export async function startSmtpSink(
  options: { user?: string; password?: string; sizeLimit?: number; oauth2IntrospectionUrl?: string } = {},
) {
  const user = options.user ?? 'smtp-user';
  const password = options.password ?? 'smtp-pw';
  const { cert, key } = testCertificate();
  const received: ReceivedMessage[] = [];
  const refused = new Set<string>();
  let dropAfterAccepting = 0;
  let dropBeforeAccepting = 0;
  /** Logins that succeeded, by mechanism and user (no secrets). */
  const logins: { method: string; user: string }[] = [];

  const server = new SMTPServer({
    key: fs.readFileSync(key),
    cert: fs.readFileSync(cert),
    authMethods: options.oauth2IntrospectionUrl ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    ...(options.sizeLimit ? { size: options.sizeLimit } : {}),
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.method === 'XOAUTH2') {
        const introspectionUrl = options.oauth2IntrospectionUrl;
        const username = auth.username ?? '';
        if (!introspectionUrl) return callback(new Error('XOAUTH2 is not offered'));
        void bearerTokenIsLive(introspectionUrl, username, auth.accessToken ?? '').then(
          (live) => {
            if (!live) {
              // Office 365's answer to a bad token: a 334 challenge with the error, then 535.
              return callback(null, { data: { status: '401', schemes: 'bearer', scope: 'https://outlook.office.com/SMTP.Send' } });
            }
            logins.push({ method: 'XOAUTH2', user: username });
            return callback(null, { user: username });
          },
          (error: Error) => callback(error),
        );
        return;
      }
      if (auth.username === user && auth.password === password) {
        logins.push({ method: auth.method, user });
        return callback(null, { user });
      }
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
  // Stopped after the test file under Vitest; Playwright's global setup (no Vitest) stops it itself.
  if (process.env.VITEST) (await import('vitest')).afterAll(stop);
  return {
    host: 'localhost',
    port,
    user,
    password,
    received,
    logins,
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
