import type { Notification } from '@penman/contract';

/** The bell's badge text: nothing at zero, "9+" past nine. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}

/**
 * The notifications not seen by this tab before, oldest first, for browser notifications: only
 * unread ones newer than what the tab already knew (`knownIds`). The first load of a tab shows
 * nothing (knownIds undefined): old mail must not pop up as new.
 */
export function newlyArrived(notifications: Notification[], knownIds: ReadonlySet<string> | undefined): Notification[] {
  if (!knownIds) return [];
  return notifications.filter((n) => !n.read && !knownIds.has(n.id)).reverse();
}

export type BrowserPermission = 'default' | 'granted' | 'denied' | 'unsupported';

/** Whether to offer the "Show browser notifications" button (asked only on the user's click). */
export function offerBrowserNotifications(permission: BrowserPermission): boolean {
  return permission === 'default';
}
