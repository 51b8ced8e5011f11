import { z } from 'zod';
import { defineJob } from '../platform/queue.ts';

/** Monday 08:00 (server time): one weekly summary per user whose switch is on, once per ISO week. */
export const weeklySummaryJob = defineJob({ name: 'notifications.weekly-summary', payload: z.object({}).passthrough(), retryLimit: 2 });

/**
 * Sends the email copies notify() left pending (the "email" switch). Scheduled every minute: the
 * pending rows are the durable queue, so notify() needs no job queue and a crash loses nothing.
 */
export const sendNotificationEmailsJob = defineJob({
  name: 'notifications.email',
  payload: z.object({}).passthrough(),
  retryLimit: 1,
  policy: 'stately',
});

/** Daily: deletes notifications older than NOTIFICATION_RETENTION_DAYS, so the table stays small. */
export const pruneNotificationsJob = defineJob({
  name: 'notifications.prune',
  payload: z.object({}).passthrough(),
  retryLimit: 1,
  policy: 'stately',
});
