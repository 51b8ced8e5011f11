import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import XOAuth2 from 'nodemailer/lib/xoauth2';

/** An OAuth 2.0 access token for AUTH XOAUTH2 (Microsoft 365); `renew` after the server refused the previous one. */
export type SmtpAccessToken = (renew: boolean) => Promise<string>;

export type SmtpConnection = {
  /** The name the certificate must carry (and the SMTP settings show). */
  host: string;
  /** The address `host` was resolved to and checked as (the IMAP rule), connected to instead. */
  address: string;
  port: number;
  security: 'starttls' | 'tls';
  username: string;
  /** The password, or null when `accessToken` signs in. */
  password: string | null;
  /** Set: log in with XOAUTH2 and this token (nodemailer asks once more with `renew` when the server refuses it). */
  accessToken?: SmtpAccessToken | undefined;
  /** Extra trusted CA (tests; operators use NODE_EXTRA_CA_CERTS). */
  ca?: string | undefined;
};

const CONNECTION_TIMEOUT_MS = 20_000;
const GREETING_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 120_000;

/** The connection options: never in the clear (implicit TLS, or STARTTLS required), bounded waits. */
function smtpConnectionOptions(connection: SmtpConnection) {
  return {
    host: connection.address,
    port: connection.port,
    secure: connection.security === 'tls',
    requireTLS: connection.security === 'starttls',
    tls: { servername: connection.host, rejectUnauthorized: true, ...(connection.ca ? { ca: connection.ca } : {}) },
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // The host is an address here: the EHLO name is ours, not the server's.
    name: 'penman.localhost',
  };
}

/**
 * The token source as nodemailer's provisionCallback. nodemailer rewraps a failure as a generic
 * EAUTH; `failure()` keeps the token source's own error (e.g. Microsoft's reconnect message).
 */
function tokenProvision(accessToken: SmtpAccessToken) {
  let failed: Error | undefined;
  return {
    provisionCallback: (_user: string, renew: boolean, callback: (error: Error | null, token?: string) => void) => {
      accessToken(renew).then(
        (token) => callback(null, token),
        (error: Error) => {
          failed = error;
          // A stand-in: nodemailer rewrites the error it is given (its code becomes EAUTH).
          callback(new Error('no access token'));
        },
      );
    },
    failure: () => failed,
  };
}

/** Logs in and out (the settings' "Check"): throws nodemailer's error when the server refuses. */
export async function verifySmtp(connection: SmtpConnection): Promise<void> {
  const provision = connection.accessToken ? tokenProvision(connection.accessToken) : undefined;
  const transport = nodemailer.createTransport({
    ...smtpConnectionOptions(connection),
    auth: provision
      ? { type: 'OAuth2', user: connection.username, provisionCallback: provision.provisionCallback }
      : { user: connection.username, pass: connection.password ?? '' },
  });
  try {
    await transport.verify();
  } catch (error) {
    throw provision?.failure() ?? error;
  } finally {
    transport.close();
  }
}

/** How far the message got; each is stored before the step it names. */
export type SendProgress = (phase: 'data' | 'data_end') => Promise<void>;

/**
 * Sends `raw` to the envelope's recipients over one SMTP connection. nodemailer's SMTPConnection
 * pipes the message only after the server's 354 (its transport's sendMail reads a stream at once,
 * before MAIL FROM, so it cannot tell us where the message is). `progress` is awaited before the
 * message's first byte and again before its end, which is when the final dot is written: once
 * 'data_end' is stored the server may hold the message, and no retry sends it again. A refused
 * envelope (MAIL FROM, RCPT TO, DATA) never reaches either.
 */
export async function sendSmtp(
  connection: SmtpConnection,
  envelope: { from: string; to: string[] },
  raw: Buffer,
  progress: SendProgress,
): Promise<{ response: string }> {
  let started = false;
  let offset = 0;
  const CHUNK = 64 * 1024;
  const body = new Readable({
    read() {
      void (async () => {
        try {
          if (!started) {
            started = true;
            await progress('data');
          }
          if (offset < raw.length) {
            const chunk = raw.subarray(offset, offset + CHUNK);
            offset += chunk.length;
            this.push(chunk);
            return;
          }
          await progress('data_end');
          this.push(null);
        } catch (error) {
          this.destroy(error as Error);
        }
      })();
    },
  });
  const client = new SMTPConnection(smtpConnectionOptions(connection));
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('error', reject);
      client.connect(() => {
        client.removeListener('error', reject);
        resolve();
      });
    });
    // Errors after the connection are reported to the callbacks below; a late 'error' event must not go unheard.
    client.on('error', () => {});
    const provision = connection.accessToken ? tokenProvision(connection.accessToken) : undefined;
    const login = provision
      ? { user: connection.username, oauth2: new XOAuth2({ user: connection.username, provisionCallback: provision.provisionCallback }) }
      : { user: connection.username, pass: connection.password ?? '' };
    await new Promise<void>((resolve, reject) =>
      client.login(login, (error) => (error ? reject(provision?.failure() ?? error) : resolve())),
    );
    const info = await new Promise<{ response?: string }>((resolve, reject) =>
      client.send(envelope, body, (error, sent) => (error ? reject(error) : resolve(sent))),
    );
    client.quit();
    return { response: String(info.response ?? '') };
  } finally {
    body.destroy();
    client.close();
  }
}
