import type { TrainingStatus } from '../accounts/schemas.ts';
import type { ActivityEvent } from './overview-schemas.ts';

/**
 * The Dashboard overview (/dashboard): texts the specification names word for word (part 1
 * "Dashboard overview", section 4 training_status, section 8 "Dashboard stats"); the others are ours.
 */
export const OVERVIEW_LABELS = {
  statCards: {
    emailAccounts: { title: 'Email Accounts', hint: 'connected accounts' },
    emailsProcessed: { title: 'Emails Processed', hint: 'total emails synced' },
    knowledgeDocuments: { title: 'Knowledge Base', hint: 'documents uploaded' },
    attachments: { title: 'Attachments', hint: 'email attachments' },
  },
  statsRegion: 'Statistics',
  trainingRegion: 'Training status',
  trainingLoading: 'Loading training status...',
  statsFailed: 'Failed to load statistics',
  statUnavailable: '--',
  statFailed: 'Failed to load',
  retry: 'Retry',
  /** The banner's body per overall status; its title is the status' label (TRAINING_STATUS_LABELS). */
  trainingBanner: {
    completed: 'Penman has learned your writing style and is ready to draft replies.',
    in_progress: 'Penman is downloading your mail and learning your writing style from it.',
    not_started: 'Your mail is on its way; training of your writing style has not started yet.',
    failed: 'The last training run failed. Start it again once your mail is in.',
    ready: 'Start training to teach Penman your writing style.',
  } satisfies Record<TrainingStatus, string>,
  startTraining: 'Start Training',
  connectAccounts: {
    title: 'Connect Email Accounts',
    description: 'Penman learns from the mailboxes you connect.',
    empty: 'No email accounts connected yet.',
    more: (count: number) => `+${count} more`,
    add: 'Add Email Account',
    manage: 'Manage accounts',
  },
  knowledgeBase: {
    title: 'Build Knowledge Base',
    description: 'Upload documents Penman may quote from when it drafts replies: price lists, policies, FAQs.',
    accepts: 'PDF, Word (.doc, .docx), text and Markdown files.',
    action: 'Upload documents',
  },
  recentActivity: {
    title: 'Recent Activity',
    empty: 'Nothing yet. Connect an email account to get started.',
    failed: 'Failed to load recent activity',
  },
} as const;

/** The sentence of one Recent Activity event. */
export function activityText(event: Pick<ActivityEvent, 'kind' | 'emailAddress' | 'fileName'>): string {
  const account = event.emailAddress ?? 'an email account';
  switch (event.kind) {
    case 'account.connected':
      return `Connected ${account}`;
    case 'account.initialization_started':
      return `Started initializing ${account}`;
    case 'account.initialized':
      return `Finished initializing ${account}`;
    case 'sync.finished':
      return `Synced ${account}`;
    case 'file.uploaded':
      return `Uploaded ${event.fileName ?? 'a file'}`;
    default: {
      const name = event.kind.replace(/[._]/g, ' ');
      return `${name.charAt(0).toUpperCase()}${name.slice(1)}${event.emailAddress ? ` (${event.emailAddress})` : ''}`;
    }
  }
}
