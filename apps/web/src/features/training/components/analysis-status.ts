import { LOW_DATA_THRESHOLD, TRAINING_LABELS, TRAINING_MESSAGES, type TrainingOverview } from '@penman/contract';
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

/**
 * Email Analysis Status in words, from the account's training status and its last analysis:
 * Analyzing while Train Model runs, Downloading emails while a session downloads, Training Failed
 * with the stored error, Analyzed with its date, Ready to analyze with sent mail, else Not analyzed.
 */
export function analysisStatus(overview: StatusInput, training: boolean): AnalysisStatus {
  const statuses = TRAINING_LABELS.analysisStatuses;
  if (training || overview.trainingStatus === 'in_progress') return { label: statuses.analyzing, tone: 'busy', detail: null };
  if (
    overview.latestSession?.status === 'downloading' ||
    overview.trainingStatus === 'downloading' ||
    overview.trainingStatus === 'starting'
  ) {
    return { label: statuses.downloading, tone: 'busy', detail: null };
  }
  if (overview.trainingStatus === 'failed') {
    return {
      label: TRAINING_MESSAGES.trainingFailed,
      tone: 'error',
      detail: overview.trainingError?.trim() || TRAINING_MESSAGES.unknownError,
    };
  }
  if (overview.analysis) {
    const { analysisDate, sampleSize, totalEmailsAvailable } = overview.analysis;
    return {
      label: statuses.analyzed,
      tone: 'success',
      detail: `${TRAINING_LABELS.analyzedOn(formatDate(analysisDate))} · ${TRAINING_LABELS.sampleOfTotal(sampleSize, totalEmailsAvailable)}`,
    };
  }
  if (overview.outgoingEmailsCount > 0) {
    return { label: statuses.readyToAnalyze, tone: 'idle', detail: TRAINING_LABELS.outgoingAvailable(overview.outgoingEmailsCount) };
  }
  return { label: statuses.notAnalyzed, tone: 'idle', detail: null };
}
