import {
  TRAINING_LABELS,
  TRAINING_MESSAGES,
  TRAINING_PROGRESS_POLL_MS,
  type TrainingOverview,
  type TrainingSession,
} from '@penman/contract';

/** A download session is running for the account. */
export function isDownloading(overview: Pick<TrainingOverview, 'latestSession'> | undefined): boolean {
  return overview?.latestSession?.status === 'downloading';
}

/**
 * How often the overview is read again: every 5 s while a download runs, and not at all once it
 * completed or failed (spec part 2 section 4). The server lists a session as soon as it starts it.
 */
export function progressPollInterval(overview: Pick<TrainingOverview, 'latestSession'> | undefined): number | false {
  return isDownloading(overview) ? TRAINING_PROGRESS_POLL_MS : false;
}

export type DownloadOutcome = { kind: 'completed' | 'failed'; title: string; description: string };

/**
 * The toast for the end of the watched session: Download Completed with the count, or Download
 * Failed with the stored error ('Unknown error occurred' without one). Null while it runs, or when
 * the latest session is another one.
 */
export function downloadOutcome(watchedId: string | null, latest: TrainingSession | null): DownloadOutcome | null {
  if (!watchedId || !latest || latest.id !== watchedId || latest.status === 'downloading') return null;
  if (latest.status === 'completed') {
    return {
      kind: 'completed',
      title: TRAINING_MESSAGES.downloadCompleted,
      description: TRAINING_LABELS.downloadCompleted(latest.totalEmailsDownloaded),
    };
  }
  return {
    kind: 'failed',
    title: TRAINING_MESSAGES.downloadFailedTitle,
    description: latest.errorMessage?.trim() || TRAINING_MESSAGES.unknownError,
  };
}
