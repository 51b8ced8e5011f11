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
  content: { title: string; body: string; link?: string | null },
): Promise<Notification | null> {
  try {
    const prefs = await getPrefs({ db, userId });
    if (!prefs[NOTIFICATION_TOGGLE_OF_KIND[kind]]) return null;
    const row = await repo.insertNotification(db, {
      userId,
      kind,
      title: content.title,
      body: content.body.slice(0, 500),
      link: content.link ?? null,
    });
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
