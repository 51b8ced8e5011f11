import os from 'node:os';
import path from 'node:path';
import { SETTINGS_MESSAGES } from '@penman/contract';
import type { Env } from './env.ts';
import { createTextExtractor, type TextExtractor } from './files/text-extractor.ts';
import { createParsePool, type MessageParser } from './mail/parse-messages.ts';
import { createMicrosoftMail } from './microsoft/tokens.ts';
import { type Auth, createAuth } from './platform/auth.ts';
import { createSecretBox, createSigner, type SecretBox, type Signer } from './platform/crypto.ts';
import { resolveAppSecret } from './platform/data-dir.ts';
import type { Database, Db } from './platform/db/client.ts';
import { openDatabase } from './platform/db/open.ts';
import { createLocalFileStore, createS3FileStore, type FileStore } from './platform/file-store.ts';
import { type GoogleConfig, googleConfigFromEnv } from './platform/google.ts';
import { logger } from './platform/logger.ts';
import { createMicrosoftOAuth, type MicrosoftMail, microsoftConfigFromEnv } from './platform/microsoft.ts';
import { type Queue, startQueue } from './platform/queue.ts';
import { type RealtimeHub, startRealtimeHub } from './platform/realtime.ts';
import { createLocalStorage, type LocalStorage } from './platform/storage.ts';
import { parseStorageUrl } from './platform/storage-url.ts';
import { reserveSecretCheck, settleSecretCheck } from './users/secret-check-limits.ts';
import { ensureProfileForNewUser, getProfileNames } from './users/service.ts';
import { reserveSignInAttempt, settleSignInAttempt } from './users/sign-in-limits.ts';

export type Clock = { now: () => Date };

/**
 * Everything long-lived, built once here and handed to routes, job handlers, the admin CLI and
 * tests. Nothing else constructs a driver. Services take the parts they use (`{ db, queue, ... }`).
 */
export type Deps = {
  env: Env;
  db: Db;
  queue: Queue;
  /** Imported mailbox files on this machine (DATA_DIR/imports): read in place, with random access. */
  storage: LocalStorage;
  /** The user's files (knowledge documents, attachment library): local disk or S3-compatible. */
  files: FileStore;
  secretBox: SecretBox;
  /** HMAC signatures for one purpose (OAuth state, ...), keyed from APP_SECRET. */
  signerFor: (purpose: string) => Signer;
  realtime: RealtimeHub;
  clock: Clock;
  auth: Auth;
  /** Gmail's OAuth client (GOOGLE_*), null when the operator has not configured one. */
  google: GoogleConfig | null;
  /** Microsoft 365 / Outlook.com (MICROSOFT_*): the OAuth client and per-account access tokens; null when not configured. */
  microsoft: MicrosoftMail | null;
  /** Extra CA (PEM) trusted for outgoing IMAP connections (tests); operators use NODE_EXTRA_CA_CERTS. */
  imapCa?: string;
  /** MIME parsing for downloads: worker threads, or this thread when MAIL_PARSE_THREADS=0. */
  parseMessages: MessageParser;
  /** Text of knowledge documents, read in a worker thread with a memory and time limit. */
  extractText: TextExtractor['extract'];
  /** True once the database, the job queue and the workers are up. */
  isReady: () => boolean;
};

export type OpenedDeps = Deps & { close: () => Promise<void> };

type OpenOptions = {
  /** An already migrated database (tests' template copy); it stays open on close. */
  database?: Database;
  /** The admin CLI beside a running server: reuse its embedded PostgreSQL. */
  attachToRunningDatabase?: boolean;
  imapCa?: string;
  isReady?: () => boolean;
  /** Start the MIME parse threads now (processes that run the sync), not on the first download. */
  startParseThreads?: boolean;
};

/** STORAGE_URL's S3-compatible store, else DATA_DIR/files. */
function fileStoreFor(env: Env): FileStore {
  if (!env.STORAGE_URL) return createLocalFileStore(path.join(env.dataDir, 'files'));
  const credentials =
    env.STORAGE_ACCESS_KEY_ID && env.STORAGE_SECRET_ACCESS_KEY
      ? { accessKeyId: env.STORAGE_ACCESS_KEY_ID, secretAccessKey: env.STORAGE_SECRET_ACCESS_KEY }
      : undefined;
  const location = parseStorageUrl(env.STORAGE_URL, credentials);
  // env.ts refused a URL that does not parse.
  if (typeof location === 'string') throw new Error(`STORAGE_URL: ${location}`);
  return createS3FileStore(location);
}

/** The default parse threads: one core keeps downloading and inserting, the others parse MIME. */
function parseThreads(env: Env): number {
  return env.MAIL_PARSE_THREADS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

/**
 * Opens the database (embedded, DATABASE_URL, or the one given), the job queue and the realtime
 * hub, and builds the rest. `close()` stops them in reverse order.
 */
export async function openDeps(env: Env, options: OpenOptions = {}): Promise<OpenedDeps> {
  const opened = options.database
    ? undefined
    : await openDatabase(env, {
        attachToRunning: options.attachToRunningDatabase,
        log: (line) => logger.debug({ postgres: line.trim() }, 'postgres'),
      });
  const database = options.database ?? opened!;
  const queue = await startQueue(database.url);
  const realtime = await startRealtimeHub(database.url);
  // Workers start their parse threads with the process: starting them on the first download
  // added their start-up to it. Web-only processes, the CLI and most tests never parse mail.
  let parsePool = options.startParseThreads ? createParsePool(parseThreads(env)) : undefined;
  const textExtractor = createTextExtractor();
  const secret = resolveAppSecret(env);
  const db = database.db;
  const auth = createAuth({
    db,
    secret,
    publicUrl: env.publicUrl,
    signupMode: env.SIGNUP_MODE,
    signInAttemptsPerMinute: env.SIGN_IN_ATTEMPTS_PER_MINUTE,
    signInLimiter: {
      reserve: ({ ip, email }) =>
        reserveSignInAttempt({
          db,
          ip,
          email,
          settings: { perAddressAndEmail: env.SIGN_IN_ATTEMPTS_PER_MINUTE, perAddress: env.SIGN_IN_FAILURES_PER_ADDRESS_PER_MINUTE },
        }),
      settle: (attempt, succeeded) => settleSignInAttempt({ db, attempt, succeeded }),
    },
    secretCheckLimiter: {
      reserve: ({ ip, userId }) => reserveSecretCheck({ db, ip, userId }),
      settle: (attempt, succeeded) => settleSecretCheck({ db, attempt, succeeded }),
      message: SETTINGS_MESSAGES.tooManyTries,
    },
    loadProfile: (userId) => getProfileNames({ db, userId }),
    onUserCreated: (user) => ensureProfileForNewUser({ db, user }),
  });
  const secretBox = createSecretBox(secret);
  const microsoftConfig = microsoftConfigFromEnv(env);
  return {
    env,
    db,
    queue,
    storage: createLocalStorage(env.dataDir),
    files: fileStoreFor(env),
    secretBox,
    signerFor: (purpose) => createSigner(secret, purpose),
    realtime,
    clock: { now: () => new Date() },
    auth,
    google: googleConfigFromEnv(env),
    microsoft: microsoftConfig ? createMicrosoftMail({ db, secretBox, oauth: createMicrosoftOAuth(microsoftConfig) }) : null,
    ...(options.imapCa ? { imapCa: options.imapCa } : {}),
    parseMessages: (raws) => {
      parsePool ??= createParsePool(parseThreads(env));
      return parsePool.parse(raws);
    },
    extractText: textExtractor.extract,
    isReady: options.isReady ?? (() => true),
    async close() {
      // The realtime listener first: the database going away is then not reported as a fault.
      await realtime.stop().catch(() => {});
      await queue.stop().catch(() => {});
      await parsePool?.close().catch(() => {});
      await textExtractor.close().catch(() => {});
      await opened?.close().catch(() => {});
    },
  };
}
