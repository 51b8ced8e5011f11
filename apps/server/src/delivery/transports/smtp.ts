import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export type SmtpConnection = {
  /** The name the certificate must carry (and the SMTP settings show). */
  host: string;
  /** The address `host` was resolved to and checked as (the IMAP rule), connected to instead. */
  address: string;
  port: number;
  security: 'starttls' | 'tls';
  username: string;
  password: string;
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

/** A nodemailer SMTP transport with those options and the account's login (the settings' check). */
function smtpTransport(connection: SmtpConnection) {
  return nodemailer.createTransport({
    ...smtpConnectionOptions(connection),
    auth: { user: connection.username, pass: connection.password },
  });
}

/** Logs in and out (the settings' "Check"): throws nodemailer's error when the server refuses. */
export async function verifySmtp(connection: SmtpConnection): Promise<void> {
  const transport = smtpTransport(connection);
  try {
    await transport.verify();
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
    await new Promise<void>((resolve, reject) =>
      client.login({ user: connection.username, pass: connection.password }, (error) => (error ? reject(error) : resolve())),
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
