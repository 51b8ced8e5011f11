import type { TrainingStatus } from '@penman/contract';

/**
 * The dashboard's overall training status over every account's status (which the server derives,
 * one per account), by the specification's rules (part 1, section 4): no accounts gives no banner
 * (null); any completed; else any in_progress; else any not_started; else any failed; otherwise
 * ready.
 */
export function overallTrainingStatus(statuses: readonly TrainingStatus[]): TrainingStatus | null {
  if (statuses.length === 0) return null;
  const present = new Set(statuses);
  for (const status of ['completed', 'in_progress', 'not_started', 'failed'] as const) if (present.has(status)) return status;
  return 'ready';
}
