/** The dashboard's overall training status, derived from every account (spec part 1, section 4). */
export type OverallTrainingStatus = 'completed' | 'in_progress' | 'not_started' | 'failed' | 'ready';

/**
 * No accounts: no banner (null). Any completed: completed; else any in_progress; else any
 * not_started (an empty status counts as not_started); else any failed; otherwise ready.
 */
export function overallTrainingStatus(statuses: readonly (string | null | undefined)[]): OverallTrainingStatus | null {
  if (statuses.length === 0) return null;
  const present = new Set(statuses.map((status) => status || 'not_started'));
  for (const status of ['completed', 'in_progress', 'not_started', 'failed'] as const) if (present.has(status)) return status;
  return 'ready';
}
