import { TRAINING_LABELS, type TrainingSession } from '@penman/contract';
import { formatCalendarDate } from './date-range.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A session's duration in words: '850 ms', '42 s', '3 min 5 s', '1 h 2 min'; null when unknown. */
export function formatDuration(ms: number | null): string | null {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return null;
  if (ms < SECOND) return `${Math.round(ms)} ms`;
  if (ms < MINUTE) return `${Math.round(ms / SECOND)} s`;
  if (ms < HOUR) {
    const minutes = Math.floor(ms / MINUTE);
    const seconds = Math.round((ms % MINUTE) / SECOND);
    return seconds === 0 || seconds === 60 ? `${minutes + (seconds === 60 ? 1 : 0)} min` : `${minutes} min ${seconds} s`;
  }
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.round((ms % HOUR) / MINUTE);
  return minutes === 0 || minutes === 60 ? `${hours + (minutes === 60 ? 1 : 0)} h` : `${hours} h ${minutes} min`;
}

/** The session's date range ('Jan 1, 2025 – Mar 31, 2025'), or 'All dates' without one. */
export function sessionRange(session: Pick<TrainingSession, 'startDate' | 'endDate'>): string {
  if (!session.startDate && !session.endDate) return TRAINING_LABELS.allDates;
  const start = session.startDate ? formatCalendarDate(session.startDate) : '…';
  const end = session.endDate ? formatCalendarDate(session.endDate) : '…';
  return `${start} – ${end}`;
}

export type SessionRow = {
  kind: string;
  range: string;
  status: string;
  tone: 'busy' | 'success' | 'error';
  count: string;
  duration: string | null;
  error: string | null;
};

/** One row of the training history, in words. */
export function sessionRow(session: TrainingSession): SessionRow {
  return {
    kind: TRAINING_LABELS.sessionKinds[session.kind],
    range: sessionRange(session),
    status: TRAINING_LABELS.sessionStatuses[session.status],
    tone: session.status === 'downloading' ? 'busy' : session.status === 'completed' ? 'success' : 'error',
    count: TRAINING_LABELS.emailsCount(session.totalEmailsDownloaded),
    duration: session.status === 'downloading' ? TRAINING_LABELS.running : formatDuration(session.trainingDurationMs),
    error: session.errorMessage?.trim() || null,
  };
}
