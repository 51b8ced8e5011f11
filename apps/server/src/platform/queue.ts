import { type SQL, sql } from 'drizzle-orm';
import { type Db as BossDb, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Db } from './db/client.ts';
import { logger } from './logger.ts';

/**
 * A background job's definition: its queue name, the zod payload checked on enqueue and on run, and
 * how the queue treats it. Handlers live apart (`job-handlers.ts`), so a service can enqueue a job
 * without importing the code that runs it.
 */
export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  name: string;
  payload: P;
  /** How many of this job one process runs at once. */
  concurrency?: number;
  /**
   * Jobs a worker fetches at once (run one after another). While fetches come back full the worker
   * fetches again at once: a backlog drains at the handler's speed instead of one job per 2 s poll
   * (pg-boss waits the poll interval after each fetch otherwise). One handler error fails the batch.
   */
  batchSize?: number;
  retryLimit?: number;
  /**
   * pg-boss queue policy. 'short' keeps at most one job waiting (coalescing repeated triggers);
   * 'stately' also runs at most one at a time across processes, but a job waiting behind a run
   * that pg-boss's monitor counted as active (it counts every 60 s, and each worker reloads that
   * count every 60 s) is not fetched until both have run again: up to two minutes after the run
   * ended (issue 33, decision 012). Changing a job's policy re-creates its queue: the jobs waiting
   * in it are dropped.
   */
  policy?: 'standard' | 'short' | 'stately';
};

/**
 * A durable event: published once, delivered as one job to every queue subscribed to it (pg-boss
 * pub/sub), so a new reaction is a new subscriber, not a change to the area that publishes.
 */
export type EventDefinition<P extends z.ZodType = z.ZodType> = { name: string; payload: P };

export function defineJob<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export function defineEvent<P extends z.ZodType>(definition: EventDefinition<P>): EventDefinition<P> {
  return definition;
}

/** A transaction (or the database) a job is written in: the job exists if and only if it commits. */
type Writer = Pick<Db, 'execute'>;

export type EnqueueOptions = { singletonKey?: string; startAfterSeconds?: number; tx?: Writer };

export type Queue = {
  boss: PgBoss;
  enqueue: <P extends z.ZodType>(job: JobDefinition<P>, payload: z.input<P>, options?: EnqueueOptions) => Promise<string | null>;
  /** One job per subscriber of `event`; with `tx`, in that transaction. */
  publish: <P extends z.ZodType>(event: EventDefinition<P>, payload: z.input<P>, options?: { tx?: Writer }) => Promise<void>;
  stop: () => Promise<void>;
};

/** What runs a job: a definition, its handler, and for scheduled jobs a cron expression. */
export type JobRegistration<D> = {
  job: JobDefinition;
  handler: (payload: unknown, deps: D) => Promise<void>;
  /** The event this job's queue subscribes to, if it is a subscriber. */
  event?: EventDefinition;
  /** Runs on this cron schedule (with an empty payload) in worker processes. */
  cron?: (deps: D) => string;
};

/** Registers `handler` for `job`; the payload it gets is parsed by the job's schema. */
export function handle<P extends z.ZodType, D>(
  job: JobDefinition<P>,
  handler: (payload: z.infer<P>, deps: D) => Promise<void>,
  options: { cron?: (deps: D) => string } = {},
): JobRegistration<D> {
  return { job, handler: handler as JobRegistration<D>['handler'], ...options };
}

/** Subscribes `job`'s queue to `event`: every publish of the event becomes one `job`. */
export function subscribe<E extends z.ZodType, P extends z.ZodType, D>(
  event: EventDefinition<E>,
  job: JobDefinition<P>,
  handler: (payload: z.infer<P>, deps: D) => Promise<void>,
): JobRegistration<D> {
  return { job, event, handler: handler as JobRegistration<D>['handler'] };
}

/**
 * pg-boss writes with `$1`-style parameters; drizzle's transaction takes SQL objects. This hands
 * pg-boss a connection that runs inside `tx`, so a job is committed or rolled back with the work
 * that caused it.
 */
function inTransaction(tx: Writer): BossDb {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

async function createJobQueue(boss: PgBoss, job: JobDefinition): Promise<void> {
  const policy = job.policy ?? 'standard';
  // pg-boss keeps a queue's first policy: a queue created with another one is replaced (with its
  // event subscriptions, which registerJobs makes again, and its waiting jobs).
  const existing = await boss.getQueue(job.name);
  if (existing && existing.policy !== policy) {
    logger.info({ queue: job.name, from: existing.policy, to: policy }, 'job queue re-created with a new policy');
    await boss.deleteQueue(job.name);
  }
  // notify: workers wake on NOTIFY instead of waiting for the next poll.
  // heartbeatSeconds: a job whose process died is retried within about half a minute, not after
  // the default 15 minute expiry (a restart mid-initialization goes on where it was).
  return boss.createQueue(job.name, {
    notify: true,
    retryLimit: job.retryLimit ?? 3,
    retryBackoff: true,
    heartbeatSeconds: 15,
    policy,
  });
}

export async function startQueue(url: string): Promise<Queue> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', useListenNotify: true, max: 4, superviseIntervalSeconds: 10 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const known = new Set<string>();
  const ensureQueue = async (job: JobDefinition) => {
    if (known.has(job.name)) return;
    await createJobQueue(boss, job);
    known.add(job.name);
  };
  return {
    boss,
    enqueue: async (job, payload, options) => {
      await ensureQueue(job);
      return boss.send(job.name, job.payload.parse(payload) as object, {
        singletonKey: options?.singletonKey,
        startAfter: options?.startAfterSeconds,
        ...(options?.tx ? { db: inTransaction(options.tx) } : {}),
      });
    },
    publish: async (event, payload, options) => {
      await boss.publish(event.name, event.payload.parse(payload) as object, options?.tx ? { db: inTransaction(options.tx) } : {});
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/**
 * Creates every job's queue and subscribes the subscribers to their events. Every process runs it
 * at start (web processes publish too), so an event published before any worker ran is not lost.
 */
export async function registerJobs<D>(queue: Queue, registrations: JobRegistration<D>[]): Promise<void> {
  for (const { job, event } of registrations) {
    await createJobQueue(queue.boss, job);
    if (event) await queue.boss.subscribe(event.name, job.name);
  }
}

/** Starts workers for the registered jobs in this process (ROLE=all or worker). */
export async function startWorkers<D>(queue: Queue, registrations: JobRegistration<D>[], deps: D): Promise<void> {
  await registerJobs(queue, registrations);
  for (const { job, handler, cron } of registrations) {
    if (cron) await queue.boss.schedule(job.name, cron(deps), {});
    // A NOTIFY that arrives while the worker is busy is not replayed: poll every 2 s as the backstop.
    const batching = job.batchSize ? { batchSize: job.batchSize, burstWhenBatchFull: true } : {};
    await queue.boss.work(
      job.name,
      { localConcurrency: job.concurrency ?? 1, notifyPollingIntervalSeconds: 2, ...batching },
      async (batch) => {
        for (const item of batch) await handler(job.payload.parse(item.data), deps);
      },
    );
  }
}
