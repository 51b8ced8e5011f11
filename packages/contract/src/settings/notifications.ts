import { z } from 'zod';

/** What a notification is about; each kind obeys one toggle (NOTIFICATION_TOGGLE_OF_KIND). */
export const NOTIFICATION_KINDS = ['draft_created', 'draft_flagged', 'sync_failed', 'delivery_failed', 'weekly_summary'] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof ZNotificationKind>;

export const ZNotificationPrefs = z.object({
  newDrafts: z.boolean(),
  flaggedDrafts: z.boolean(),
  failures: z.boolean(),
  weeklySummary: z.boolean(),
  // Also by email, to the sign-in address, through the SMTP of one of the user's IMAP accounts.
  email: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof ZNotificationPrefs>;

export const NOTIFICATION_PREFS_DEFAULT: NotificationPrefs = {
  newDrafts: true,
  flaggedDrafts: true,
  failures: true,
  weeklySummary: false,
  email: false,
};

export const NOTIFICATION_TOGGLE_OF_KIND: Record<NotificationKind, keyof NotificationPrefs> = {
  draft_created: 'newDrafts',
  draft_flagged: 'flaggedDrafts',
  sync_failed: 'failures',
  delivery_failed: 'failures',
  weekly_summary: 'weeklySummary',
};

export const ZNotificationPrefsResponse = z.object({
  prefs: ZNotificationPrefs,
  // The account address notification emails are sent through; null when no account can send.
  emailSender: z.string().nullable(),
});
export type NotificationPrefsResponse = z.infer<typeof ZNotificationPrefsResponse>;

export const ZNotification = z.object({
  id: z.string().uuid(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationsResponse = z.object({ notifications: z.array(ZNotification), unread: z.number().int().nonnegative() });
export type NotificationsResponse = z.infer<typeof ZNotificationsResponse>;

export const ZNotificationIdParam = z.object({ id: z.string().uuid() });

/** The realtime event that tells open tabs a notification was created. */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';

/** The weekly summary's figures (the user's rows of the last 7 days; flagged drafts waiting now). */
export type WeeklyFigures = { received: number; drafted: number; approved: number; flaggedWaiting: number; failures: number };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Words of the notifications themselves and of the bell. */
export const NOTIFICATION_LABELS = {
  bell: 'Notifications',
  unread: (count: number) => `${count} unread`,
  empty: 'Nothing new.',
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  enableBrowser: 'Show browser notifications',
  browserBlocked: 'Browser notifications are blocked for this site.',
  kinds: {
    draft_created: { title: 'New draft to review', body: (subject: string) => `A reply to "${subject}" is ready.` },
    draft_flagged: { title: 'Draft flagged for review', body: (subject: string) => `The reply to "${subject}" needs your review.` },
    sync_failed: { title: 'Mail sync failed', body: (address: string, reason: string) => `${address}: ${reason}` },
    delivery_failed: { title: 'Delivery failed', body: (reason: string) => reason },
    weekly_summary: {
      title: 'Weekly summary',
      body: (week: WeeklyFigures) =>
        `Last 7 days: ${plural(week.received, 'email')} received, ${plural(week.drafted, 'draft')} written, ` +
        `${week.approved} approved or sent, ${plural(week.flaggedWaiting, 'flagged draft')} waiting for review, ` +
        `${plural(week.failures, 'delivery failure')}.`,
    },
  },
} as const;
