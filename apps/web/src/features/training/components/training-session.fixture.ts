import type { TrainingSession } from '@penman/contract';

/** A training session for the screen's tests: a 2001 training download in the given status. */
export const trainingSession = (status: TrainingSession['status'], change: Partial<TrainingSession> = {}): TrainingSession => ({
  id: 'watched',
  emailAccountId: 'a',
  kind: 'training',
  startDate: '2001-01-01',
  endDate: '2001-06-30',
  status,
  initiatedAt: '2025-01-01T00:00:00Z',
  completedAt: null,
  totalEmailsDownloaded: 0,
  trainingDurationMs: null,
  errorMessage: null,
  ...change,
});
