import type { InitStep, TrainingStatus } from '@penman/contract';

/** What decides an account's training status; every screen's status comes from these alone. */
export type TrainingStatusInput = {
  /**
   * What the last run wrote on the account (training_status): in_progress while Train Model runs,
   * failed with `storedError` when its last run failed. A download's own state is its session's.
   */
  storedStatus: string | null;
  storedError: string | null;
  /** The style profile exists (the model Penman drafts with). */
  hasProfile: boolean;
  /** A training session (download) is running. */
  sessionRunning: boolean;
  initializationStatus: 'initializing' | 'completed' | 'failed' | null;
  lastInitStep: InitStep | null;
};

export type DerivedTrainingStatus = { status: TrainingStatus; error: string | null };

/**
 * The one training status of an account, shown the same on the dashboard, Email Accounts and
 * Training, in this order:
 * - in_progress while work that trains runs: a download session, Train Model, or the
 *   initialization's style step ('Generate Style Corpus');
 * - completed once a style profile exists: a later run that failed (a range without mail, say)
 *   does not undo a model that is there; its session keeps the error;
 * - not_started while an initialization runs that will build the profile in its style step;
 * - failed when the last run failed and no profile exists, with that run's error;
 * - ready otherwise: nothing trained the account and nothing will on its own.
 * A stored 'downloading' or 'starting' without a running session is a run that never ended: the
 * sessions, not the column, say whether a download runs.
 */
export function deriveTrainingStatus(input: TrainingStatusInput): DerivedTrainingStatus {
  const initializing = input.initializationStatus === 'initializing';
  if (input.sessionRunning || input.storedStatus === 'in_progress' || (initializing && input.lastInitStep === 'style')) {
    return { status: 'in_progress', error: null };
  }
  if (input.hasProfile) return { status: 'completed', error: null };
  if (initializing) return { status: 'not_started', error: null };
  if (input.storedStatus === 'failed') return { status: 'failed', error: input.storedError?.trim() || null };
  return { status: 'ready', error: null };
}
