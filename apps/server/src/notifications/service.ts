import {
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATION_LABELS,
  NOTIFICATION_PREFS_DEFAULT,
  NOTIFICATION_TOGGLE_OF_KIND,
  type Notification,
  type NotificationKind,
  type NotificationPrefs,
  type NotificationsResponse,
  SETTINGS_MESSAGES,
} from '@penman/contract';
import type { Db } from '../platform/db/client.ts';
import type { NotificationRow } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { publishEvent } from '../platform/realtime.ts';
import * as repo from './repo.ts';

const LIST_LIMIT = 30;

export async function getPrefs({ db, userId }: { db: Db; userId: string }): Promise<NotificationPrefs> {
  const row = await repo.findPrefs(db, userId);
  if (!row) return { ...NOTIFICATION_PREFS_DEFAULT };
  return {
    newDrafts: row.newDrafts,
    flaggedDrafts: row.flaggedDrafts,
    failures: row.failures,
    weeklySummary: row.weeklySummary,
    email: row.email,
  };
}

export async function savePrefs({ db, userId, prefs }: { db: Db; userId: string; prefs: NotificationPrefs }): Promise<NotificationPrefs> {
  await repo.savePrefs(db, userId, prefs);
  return getPrefs({ db, userId });
}

/** The address notification emails would be sent through (the settings line); null when none can send. */
export async function emailSenderOf({ db, userId }: { db: Db; userId: string }): Promise<string | null> {
  return (await repo.findEmailSender(db, userId))?.emailAddress ?? null;
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The one way a notification is made: obeys the user's toggle for `kind`, stores the row and tells
 * the user's open tabs. Never throws: a notification must not fail the work that caused it.
 */
export async function notify(
  { db, userId }: { db: Db; userId: string },
  kind: NotificationKind,
  content: { title: string; body: string; link?: string | null; dedupeKey?: string },
): Promise<Notification | null> {
  try {
    const prefs = await getPrefs({ db, userId });
    if (!prefs[NOTIFICATION_TOGGLE_OF_KIND[kind]]) return null;
    // The email copy is sent by the notifications.email job; without a sending account none is asked for.
    const emailed = prefs.email && (await repo.findEmailSender(db, userId)) !== undefined;
    const row = await repo.insertNotification(db, {
      userId,
      kind,
      title: content.title,
      body: content.body.slice(0, 500),
      link: content.link ?? null,
      emailState: emailed ? 'pending' : null,
      dedupeKey: content.dedupeKey ?? null,
    });
    if (!row) return null;
    const notification = toNotification(row);
    await publishEvent(db, userId, { type: NOTIFICATION_CREATED_EVENT, data: { id: notification.id, kind } }).catch(() => {});
    return notification;
  } catch (error) {
    logger.warn({ err: error, kind }, 'could not create a notification');
    return null;
  }
}

export async function listNotifications({ db, userId }: { db: Db; userId: string }): Promise<NotificationsResponse> {
  const [rows, unread] = await Promise.all([repo.listRecent(db, userId, LIST_LIMIT), repo.countUnread(db, userId)]);
  return { notifications: rows.map(toNotification), unread };
}

export async function markRead({ db, userId, id }: { db: Db; userId: string; id: string }): Promise<void> {
  if (!(await repo.markRead(db, userId, id))) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.notificationNotFound);
}

export async function markAllRead({ db, userId }: { db: Db; userId: string }): Promise<void> {
  await repo.markAllRead(db, userId);
}

const DRAFTS_LINK = '/dashboard/drafts';

/** A new draft was written: "flagged" when it needs the user's review, else "new draft". */
export async function notifyDraftReady(scope: { db: Db; userId: string }, draft: { subject: string; flagged: boolean }) {
  const kind = draft.flagged ? 'draft_flagged' : 'draft_created';
  const words = NOTIFICATION_LABELS.kinds[kind];
  await notify(scope, kind, { title: words.title, body: words.body(draft.subject || '(no subject)'), link: DRAFTS_LINK });
}

export async function notifyFailure(
  scope: { db: Db; userId: string },
  failure: { kind: 'sync_failed'; reason: string; address: string } | { kind: 'delivery_failed'; reason: string },
) {
  if (failure.kind === 'sync_failed') {
    const words = NOTIFICATION_LABELS.kinds.sync_failed;
    await notify(scope, 'sync_failed', {
      title: words.title,
      body: words.body(failure.address, failure.reason),
      link: '/dashboard/email-accounts',
    });
  } else {
    const words = NOTIFICATION_LABELS.kinds.delivery_failed;
    await notify(scope, 'delivery_failed', { title: words.title, body: words.body(failure.reason), link: DRAFTS_LINK });
  }
}

// ---------------------------------------------------------------------------------------------
// Weekly summary (jobs.ts; scheduled in job-handlers.ts). The email copies: email.ts.

const WEEK_MS = 7 * 24 * 3_600_000;

/** ISO 8601 week of `date` (UTC), e.g. '2026-W48': the weekly summary's once-per-week key. */
export function isoWeekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of this week names its year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * One weekly summary per user whose switch is on, with the last 7 days in figures. Idempotent per
 * user and ISO week (the notification's unique dedupe key): a second run or a retry adds none.
 */
export async function sendWeeklySummaries({ db, now }: { db: Db; now: Date }): Promise<number> {
  const since = new Date(now.getTime() - WEEK_MS);
  const dedupeKey = `weekly:${isoWeekOf(now)}`;
  let made = 0;
  for (const userId of await repo.usersWithWeeklySummary(db)) {
    const figures = await repo.weeklyFigures(db, userId, since);
    const words = NOTIFICATION_LABELS.kinds.weekly_summary;
    const notification = await notify({ db, userId }, 'weekly_summary', {
      title: words.title,
      body: words.body(figures),
      link: '/dashboard',
      dedupeKey,
    });
    if (notification) made++;
  }
  return made;
}

/** How long the bell keeps a notification: older ones are deleted by the daily prune. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** Deletes every user's notifications older than the retention (the notifications.prune job). */
export async function pruneNotifications({ db, now }: { db: Db; now: Date }): Promise<number> {
  return repo.deleteCreatedBefore(db, new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 24 * 3_600_000));
}
