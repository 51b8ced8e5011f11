import { type NotificationPrefs, SETTINGS_LABELS } from '@penman/contract';

const labels = SETTINGS_LABELS.notifications;

export type NotificationToggle = { key: keyof NotificationPrefs; label: string; hints: string[] };

/**
 * Each switch of the Notifications section with the lines under it: what the weekly summary and
 * the email copies do, and for email which account sends them, or that none can.
 */
export function notificationToggles(emailSender: string | null): NotificationToggle[] {
  return [
    { key: 'newDrafts', label: labels.newDrafts, hints: [] },
    { key: 'flaggedDrafts', label: labels.flaggedDrafts, hints: [] },
    { key: 'failures', label: labels.failures, hints: [] },
    { key: 'weeklySummary', label: labels.weeklySummary, hints: [labels.weeklySummaryHint] },
    {
      key: 'email',
      label: labels.email,
      hints: [labels.emailHint, emailSender ? labels.emailSender(emailSender) : labels.emailNoSender],
    },
  ];
}
