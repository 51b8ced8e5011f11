import { emailCount } from '../platform/format.ts';
import type { ResponseTimeBucket } from './schemas.ts';

/** Analytics texts: the specification's word for word (part 2 sections 2 and 8); the other labels are ours. */
export const ANALYTICS_MESSAGES = {
  signInRequired: 'Please sign in to view analytics',
  recalculateFailed: 'Failed to recalculate statistics',
  recalculateSucceeded: 'Statistics recalculated successfully',
  topSendersFailed: 'Failed to calculate top senders',
  topSendersSucceeded: 'Top senders calculated successfully',
} as const;

export const ANALYTICS_LABELS = {
  description: 'How much mail your accounts hold, who writes to you, and when.',
  accountSelector: 'Email account',
  allAccounts: 'All accounts',
  recalculate: 'Recalculate statistics',
  recalculating: 'Recalculating...',
  calculate: 'Calculate',
  calculating: 'Calculating...',
  noAccountsTitle: 'No email accounts yet',
  noAccountsBody: 'Connect an email account to see statistics about your mail.',
  goToAccounts: 'Go to Email Accounts',
  loading: 'Loading analytics...',
  loadFailed: 'Failed to load analytics',
  retry: 'Retry',
  metrics: {
    totalEmails: 'Total Emails',
    received: 'Received',
    sent: 'Sent',
    dailyAverage: 'Daily Average',
  },
  metricHints: {
    totalEmails: 'emails downloaded',
    received: 'incoming emails',
    sent: 'outgoing emails',
    dailyAverage: 'emails per day',
    dailyAverageAll: 'emails per day, averaged across accounts',
  },
  details: {
    title: 'Account details',
    provider: 'Provider',
    status: 'Status',
    active: 'Active',
    suspended: 'Suspended',
    lastSync: 'Last sync',
    never: 'Never',
    dateRange: 'Mail from',
    noMail: 'No mail yet',
    contacts: 'Contacts',
    /** Shown only where the provider keeps a read state (PROVIDERS_WITH_READ_STATE). */
    unread: 'Unread',
    withAttachments: 'With attachments',
    /** The derived training status, in TRAINING_STATUS_LABELS' words; the training counts use TRAINING_FIGURES. */
    training: 'Training',
    accounts: 'Accounts',
    emailCount,
  },
  topSenders: {
    title: 'Top Senders',
    description: 'Who writes to you most (incoming mail).',
    chooseAccount: 'Choose an account to see and calculate its top senders.',
    empty: 'No top senders yet. Calculate them from the downloaded mail.',
    emails: emailCount,
  },
  charts: {
    title: 'Advanced Analytics',
    timeZoneNote: 'All times are in UTC.',
    loading: 'Loading charts...',
    loadFailed: 'Failed to load charts',
    volume: 'Mail volume',
    volumeDescription: 'Received and sent emails over time.',
    byDay: 'Day',
    byWeek: 'Week',
    groupBy: 'Group by',
    received: 'Received',
    sent: 'Sent',
    volumeEmpty: 'No dated mail to chart yet.',
    heatmap: 'When mail happens',
    heatmapDescription: 'Emails by weekday and hour (UTC).',
    heatmapReceived: 'Mail arriving',
    heatmapSent: 'Mail you send',
    heatmapEmpty: 'No dated mail to chart yet.',
    responseTimes: 'Your response times',
    responseTimesDescription: 'Time from an incoming email to your first reply.',
    responseTimesEmpty: 'No replies found yet: none of your sent emails answers a downloaded incoming email.',
    replies: 'Replies',
  },
} as const;

export const RESPONSE_TIME_LABELS: Record<ResponseTimeBucket, string> = {
  under_1h: '<1h',
  h1_4: '1-4h',
  h4_24: '4-24h',
  d1_3: '1-3d',
  over_3d: '>3d',
};
