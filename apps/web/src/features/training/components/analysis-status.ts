import {
  LOW_DATA_THRESHOLD,
  TRAINING_LABELS,
  TRAINING_MESSAGES,
  TRAINING_STATUS_LABELS,
  type TrainingOverview,
  type TrainingStatus,
} from '@penman/contract';
import { formatDate } from '../../../lib/date-format.ts';

/** The guidance under Email Analysis Status: none to analyse, or a low-data warning under 50 (spec). */
export function trainingGuidance(outgoingEmailsCount: number): { kind: 'none' | 'low'; text: string } | null {
  if (outgoingEmailsCount <= 0) return { kind: 'none', text: TRAINING_MESSAGES.noTrainingEmailsGuidance };
  if (outgoingEmailsCount < LOW_DATA_THRESHOLD) return { kind: 'low', text: TRAINING_MESSAGES.moreEmailsRecommended };
  return null;
}

export type AnalysisStatusTone = 'idle' | 'busy' | 'success' | 'error';
export type AnalysisStatus = { label: string; tone: AnalysisStatusTone; detail: string | null };

type StatusInput = Pick<TrainingOverview, 'trainingStatus' | 'trainingError' | 'analysis' | 'latestSession' | 'outgoingEmailsCount'>;

const TONES: Record<TrainingStatus, AnalysisStatusTone> = {
  in_progress: 'busy',
  completed: 'success',
  failed: 'error',
  not_started: 'idle',
  ready: 'idle',
};

/**
 * Email Analysis Status: the account's training status as the server derives it, in the words every
 * screen uses (TRAINING_STATUS_LABELS), and what it says more: what runs, why it failed, or the last
 * analysis' date and figures. `training` is a Train Model call this screen is waiting for.
 */
export function analysisStatus(overview: StatusInput, training: boolean): AnalysisStatus {
  const status: TrainingStatus = training ? 'in_progress' : overview.trainingStatus;
  const label = TRAINING_STATUS_LABELS[status];
  return { label, tone: TONES[status], detail: statusDetail(status, overview) };
}

function statusDetail(status: TrainingStatus, overview: StatusInput): string | null {
  if (status === 'in_progress') {
    return overview.latestSession?.status === 'downloading' ? TRAINING_LABELS.downloadingEmails : TRAINING_LABELS.analyzingSentEmails;
  }
  if (status === 'failed') return overview.trainingError?.trim() || TRAINING_MESSAGES.unknownError;
  if (status === 'completed' && overview.analysis) {
    const { analysisDate, sampleSize, totalEmailsAvailable, emailsAnalyzed } = overview.analysis;
    return [
      TRAINING_LABELS.analyzedOn(formatDate(analysisDate)),
      TRAINING_LABELS.sampleOfTotal(sampleSize, totalEmailsAvailable),
      TRAINING_LABELS.withOwnWords(emailsAnalyzed),
    ].join(' · ');
  }
  return overview.outgoingEmailsCount > 0 ? TRAINING_LABELS.outgoingAvailable(overview.outgoingEmailsCount) : null;
}
