import { setTimeout as sleep } from 'node:timers/promises';
import { CONNECTION_CHECK_MESSAGES, MAIL_SERVER_CHECKS_PER_USER } from '@penman/contract';
import type { Db } from './db/client.ts';
import { AppError } from './errors.ts';
import { logger } from './logger.ts';
import { hitRateLimit } from './rate-limit.ts';

/**
 * A check of a mail server the user names: the test login of an IMAP account being added or
 * reconnected, and of SMTP settings being checked or saved. In waitlist mode private hosts are
 * allowed (Proton Mail Bridge, LAN servers), so without care the check is a port scanner for
 * anyone signed in: a closed port failed in milliseconds, a port that never greets after the
 * greeting timeout, another service with its own words. So:
 * - a user has MAIL_SERVER_CHECKS_PER_USER checks in a window, IMAP and SMTP together (429 past it);
 * - the check has `timeoutMs` in all; whatever fails, or is still going then, answers one generic
 *   failure exactly `timeoutMs` after the check began, the detail going to the log only;
 * - `explain` may name a failure the user can act on that says nothing about ports (IMAP: the
 *   server refused the password after TLS and its greeting); it is answered at once.
 * A check that succeeds answers when it succeeds: it needed the server's own login.
 */
export async function checkMailServer<T>(
  {
    db,
    userId,
    timeoutMs,
    log,
    explain,
  }: {
    db: Db;
    userId: string;
    timeoutMs: number;
    /** What the log says about the check (host, port, address, protocol): never a secret. */
    log: Record<string, unknown>;
    explain?: (error: unknown) => AppError | null;
  },
  attempt: () => Promise<T>,
): Promise<T> {
  const { max, windowMs } = MAIL_SERVER_CHECKS_PER_USER;
  if ((await hitRateLimit(db, `mail-server-check:${userId}`, windowMs, Date.now())) > max)
    throw new AppError('RATE_LIMITED', CONNECTION_CHECK_MESSAGES.tooMany);
  const began = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const running = attempt();
  // Past the deadline the attempt ends on its own (its connection's timeouts); its outcome is not wanted.
  running.catch(() => {});
  try {
    return await Promise.race([running, deadline]);
  } catch (error) {
    const told = explain?.(error);
    if (told) throw told;
    logger.warn({ ...log, detail: error instanceof Error ? error.message : String(error) }, 'mail server connection check failed');
    await sleep(Math.max(0, began + timeoutMs - Date.now()));
    throw new AppError('BAD_REQUEST', CONNECTION_CHECK_MESSAGES.failed);
  } finally {
    clearTimeout(timer);
  }
}
