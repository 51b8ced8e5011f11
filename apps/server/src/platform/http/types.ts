import type { Env } from '../../env.ts';
import type { Auth } from '../auth.ts';
import type { SecretBox } from '../crypto.ts';
import type { Db } from '../db/client.ts';
import type { Queue } from '../queue.ts';
import type { RealtimeHub } from '../realtime.ts';

/** Everything a route needs, built once in main.ts (and by tests). */
export type AppDeps = {
  env: Env;
  db: Db;
  auth: Auth;
  queue: Queue;
  realtime: RealtimeHub;
  secretBox: SecretBox;
  /** Extra CA (PEM) trusted for outgoing IMAP connections; operators use NODE_EXTRA_CA_CERTS instead. */
  imapCa?: string;
  /** True once the database and the job queue are up. */
  isReady: () => boolean;
};

export type AppEnv = { Variables: { userId: string } };
