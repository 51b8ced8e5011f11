import { isIP } from 'node:net';
import path from 'node:path';
import { MICROSOFT_MAIL_SERVERS } from '@penman/contract';
import { z } from 'zod';
import { parseTrustedProxy } from './platform/http/client-ip.ts';
import { parseStorageUrl } from './platform/storage-url.ts';

/** `1.1.1.1`, `1.1.1.1:53`, `::1` or `[::1]:53`: what node:dns's setServers takes. */
const isDnsServer = (server: string) => {
  const withPort = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(server);
  if (isIP(server)) return true;
  return withPort !== null && isIP(withPort[1]!) !== 0 && Number(withPort[2]) <= 65535;
};

/**
 * Every setting Penman reads, parsed once at start. Nothing else reads process.env.
 * A bad value stops the process with a message naming the variable.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url().optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SIGNUP_MODE: z.enum(['waitlist', 'open']).default('waitlist'),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  CONTACT_FORWARD_URL: z.url().optional(),
  MAIL_PARSE_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  // Failed sign-ins a minute for one email from one client address (then 429 with Retry-After).
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
  // Failed sign-ins a minute from one client address, whatever the email: against password spraying.
  SIGN_IN_FAILURES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  // Off by default: the client address is the socket's. Behind a reverse proxy: the number of proxies
  // in front ('true' = 1), or a comma-separated list of the proxies' addresses or CIDR ranges.
  TRUSTED_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustedProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  // Lets IMAP accounts point at loopback, private and link-local addresses when SIGNUP_MODE=open
  // (waitlist mode always allows them: Proton Mail Bridge and LAN servers live there).
  ALLOW_PRIVATE_MAIL_HOSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  // How long a connection check of a mail server the user names (IMAP add and reconnect, SMTP check
  // and save) may take; every failed check answers after exactly this long, so the answer's time
  // says nothing about what listens at the port (platform/mail-server-check.ts). The connections'
  // own connect timeout: a server slowing down logins after failed ones (Dovecot: up to 15 s) passes.
  MAIL_CHECK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(20_000),
  // The DNS servers the mail server lookup (SRV, MX) asks, comma-separated `ip` or `ip:port` (tests
  // point it at a local server); unset = the system's resolvers.
  MAIL_DNS_SERVERS: z
    .string()
    .trim()
    .min(1)
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .refine((servers) => servers?.every(isDnsServer) ?? true, 'must be IP addresses, each with an optional :port'),
  SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  // New mail noticed at once: IMAP IDLE connections held at most (one per account; 0 = none, the
  // schedule alone), and how often Gmail accounts are asked for new history.
  MAIL_WATCH_MAX_CONNECTIONS: z.coerce.number().int().min(0).max(10_000).default(50),
  GMAIL_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  // Largest mailbox file (mbox or zip of .eml) POST /api/accounts/import takes; streamed to disk, never held in memory.
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  // Largest knowledge document or attachment POST /api/accounts/{id}/files takes; streamed to storage.
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 ** 2),
  // Where uploaded files live: unset = DATA_DIR/files on this machine; s3://bucket?endpoint=... for
  // any S3-compatible store, with these credentials (else the AWS SDK's own: instance role, AWS_*).
  STORAGE_URL: z
    .string()
    .trim()
    .min(1)
    .optional()
    .superRefine((value, ctx) => {
      const parsed = value === undefined ? undefined : parseStorageUrl(value);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
    }),
  STORAGE_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  // Gmail: an OAuth client of the operator's Google Cloud project; without both, Gmail is unavailable.
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  // Google's endpoints; only tests (a local stand-in) change them.
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GMAIL_API_URL: z.url().default('https://gmail.googleapis.com'),
  // Microsoft 365 / Outlook.com: an app registered in Microsoft Entra (Web platform, redirect URI
  // PUBLIC_URL/microsoft-callback); without both, Microsoft sign-in is unavailable.
  MICROSOFT_CLIENT_ID: z.string().trim().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().trim().min(1).optional(),
  // `common` (work, school and personal accounts), `organizations`, `consumers`, or one tenant's id or domain.
  MICROSOFT_TENANT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be common, organizations, consumers, or a tenant id or domain')
    .default('common'),
  // The identity platform and Microsoft's mail servers; only tests (local stand-ins) change them.
  MICROSOFT_AUTHORITY: z.url({ protocol: /^https?$/ }).default('https://login.microsoftonline.com'),
  MICROSOFT_IMAP_HOST: z.string().trim().min(1).default(MICROSOFT_MAIL_SERVERS.imap.host),
  MICROSOFT_IMAP_PORT: z.coerce.number().int().min(1).max(65535).default(MICROSOFT_MAIL_SERVERS.imap.port),
  MICROSOFT_SMTP_HOST: z.string().trim().min(1).default(MICROSOFT_MAIL_SERVERS.smtp.host),
  MICROSOFT_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(MICROSOFT_MAIL_SERVERS.smtp.port),
  // The optional LLM drafting engine: any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp
  // server). Without both URL and model, drafts come from the built-in engine only.
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://localhost:11434/v1' }).optional(),
  LLM_MODEL: z.string().trim().min(1).optional(),
  // Sent as a Bearer token; never logged. Local servers (Ollama, llama.cpp) need none.
  LLM_API_KEY: z.string().trim().min(1).optional(),
  // One draft's whole call, retry included; past it the built-in engine writes the draft.
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // The needs_reply model is learned again as sent mail arrives, at most this often per account.
  TRIAGE_RELEARN_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
});

export type Env = z.infer<typeof ZEnv> & { dataDir: string; publicUrl: string };

export class EnvError extends Error {}

/** Whether users may connect mail servers on private addresses: always for invited users, in open mode only when allowed. */
export function allowsPrivateMailHosts(env: Pick<Env, 'SIGNUP_MODE' | 'ALLOW_PRIVATE_MAIL_HOSTS'>): boolean {
  return env.SIGNUP_MODE === 'waitlist' || env.ALLOW_PRIVATE_MAIL_HOSTS;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

let cached: Env | undefined;

/** The process's configuration; parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
