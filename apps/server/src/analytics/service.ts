import { ACCOUNT_MESSAGES, type AnalyticsChartsResponse, type ChartGranularity, type EmailAccount } from '@penman/contract';
import { getAccount } from '../accounts/service.ts';
import * as mail from '../mail/service.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { publishEvent } from '../platform/realtime.ts';
import * as repo from './repo.ts';

type AccountScope = { db: Db; userId: string; accountId: string };

async function answerUpdated({ db, userId, accountId }: AccountScope, updated: boolean): Promise<EmailAccount> {
  if (!updated) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  // The user's other tabs (Email Accounts, Training) show the new counters at once.
  await publishEvent(db, userId, { type: 'account.updated', data: { id: accountId } }).catch(() => {});
  return getAccount({ db, userId, accountId });
}

/** recalculate-email-stats: every counter, the date range and the daily average, from the stored mail. */
export async function recalculateEmailStats(scope: AccountScope): Promise<EmailAccount> {
  return answerUpdated(scope, await mail.recalculateAccountStatistics(scope));
}

/** calculate-top-senders: the account's 10 most frequent senders of incoming mail. */
export async function calculateTopSenders(scope: AccountScope): Promise<EmailAccount> {
  return answerUpdated(scope, await mail.calculateTopSenders(scope));
}

/** The Analytics charts over one account of the user, or over all of them when `accountId` is null. */
export async function getCharts({
  db,
  userId,
  accountId,
  granularity,
}: {
  db: Db;
  userId: string;
  accountId: string | null;
  granularity: ChartGranularity;
}): Promise<AnalyticsChartsResponse> {
  if (accountId && !(await repo.accountExists(db, userId, accountId))) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  const [volume, heatmap, responseTimes] = await Promise.all([
    repo.volumeSeries(db, userId, accountId, granularity),
    repo.weekHourHeatmap(db, userId, accountId),
    repo.responseTimes(db, userId, accountId),
  ]);
  return { granularity, timeZone: 'UTC', volume, heatmap, responseTimes };
}
