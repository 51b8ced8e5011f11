import { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { SecretBox } from './crypto.ts';
import type { Db } from './db/client.ts';
import { logger } from './logger.ts';

/** What every job handler gets: the same dependencies a route's service call gets. */
export type JobDeps = {
  db: Db;
  queue: Queue;
  secretBox: SecretBox;
  imapCa?: string;
  /** Gmail's OAuth client (GOOGLE_*), null when not configured. */
  google: import('../mail/connectors/gmail/google-clients.ts').GoogleConfig | null;
  syncIntervalMinutes: number;
  /** MIME parsing for downloads (a worker-thread pool in the server). */
  parseMessages?: (raws: Uint8Array[]) => Promise<import('../mail/engine/parse-message.ts').ParsedMessage[]>;
};

/** One job: a name, a zod payload checked on enqueue and on run, and a handler calling a service. */
export type JobDefinition<P extends z.ZodType> = {
  name: string;
  payload: P;
  /** How many of this job one process runs at once. */
  concurrency?: number;
  retryLimit?: number;
  /** Runs on this cron schedule (with an empty payload) in worker processes. */
  cron?: (deps: JobDeps) => string;
  handler: (payload: z.infer<P>, deps: JobDeps) => Promise<void>;
};

export function defineJob<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export type Queue = {
  boss: PgBoss;
  enqueue: <P extends z.ZodType>(
    job: JobDefinition<P>,
    payload: z.infer<P>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ) => Promise<string | null>;
  stop: () => Promise<void>;
};

function createJobQueue(boss: PgBoss, job: JobDefinition<z.ZodType>): Promise<void> {
  // notify: workers wake on NOTIFY instead of waiting for the next poll.
  // heartbeatSeconds: a job whose process died is retried within about half a minute, not after
  // the default 15 minute expiry (a restart mid-initialization goes on where it was).
  return boss.createQueue(job.name, { notify: true, retryLimit: job.retryLimit ?? 3, retryBackoff: true, heartbeatSeconds: 15 });
}

export async function startQueue(url: string): Promise<Queue> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', useListenNotify: true, max: 4, superviseIntervalSeconds: 10 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const known = new Set<string>();
  const ensureQueue = async (job: JobDefinition<z.ZodType>) => {
    if (known.has(job.name)) return;
    await createJobQueue(boss, job);
    known.add(job.name);
  };
  return {
    boss,
    enqueue: async (job, payload, options) => {
      await ensureQueue(job as JobDefinition<z.ZodType>);
      return boss.send(job.name, job.payload.parse(payload) as object, {
        singletonKey: options?.singletonKey,
        startAfter: options?.startAfterSeconds,
      });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/** Starts workers for the given jobs in this process (ROLE=all or worker). */
export async function startWorkers(queue: Queue, jobs: JobDefinition<z.ZodType>[], deps: Omit<JobDeps, 'queue'>): Promise<void> {
  for (const job of jobs) {
    await createJobQueue(queue.boss, job);
    if (job.cron) await queue.boss.schedule(job.name, job.cron({ ...deps, queue }), {});
    // A NOTIFY that arrives while the worker is busy is not replayed: poll every 2 s as the backstop.
    await queue.boss.work(job.name, { localConcurrency: job.concurrency ?? 1, notifyPollingIntervalSeconds: 2 }, async (batch) => {
      for (const item of batch) {
        const payload = job.payload.parse(item.data);
        await job.handler(payload, { ...deps, queue });
      }
    });
  }
}
