import { formatCount, TRAINING_LABELS, type TrainingAnalysis } from '@penman/contract';

const { topics } = TRAINING_LABELS;

export type ThemeRow = { theme: string; label: string; emails: number; share: number };

/**
 * The themes with the most emails first (an email counts for its main theme and each secondary
 * one), with their share of the busiest one for a bar. The spec's weights (a secondary theme
 * weighs 0.5) only rank the server's list; a count of emails is never shown as a weight.
 */
export function topThemes(themeEmails: TrainingAnalysis['themeEmails'], limit = 6): ThemeRow[] {
  const rows = Object.entries(themeEmails)
    .filter(([, emails]) => emails > 0)
    .sort(([a, ea], [b, eb]) => eb - ea || a.localeCompare(b))
    .slice(0, limit);
  const busiest = rows[0]?.[1] ?? 0;
  return rows.map(([theme, emails]) => ({
    theme,
    label: topics.themeNames[theme] ?? theme.charAt(0).toUpperCase() + theme.slice(1),
    emails,
    share: busiest > 0 ? emails / busiest : 0,
  }));
}

export type UrgencyRow = { level: string; label: string; emails: number; share: number };

/** Urgency levels 5 (Critical) down to 1 (Low), each with its emails and share of all. */
export function urgencyRows(distribution: TrainingAnalysis['urgencyDistribution']): UrgencyRow[] {
  const total = Object.values(distribution).reduce((sum, emails) => sum + emails, 0);
  return ['5', '4', '3', '2', '1'].map((level) => {
    const emails = distribution[level] ?? 0;
    return { level, label: topics.urgencyLevels[level] ?? level, emails, share: total > 0 ? emails / total : 0 };
  });
}

/** The average sentiment (-1..1) in a word: Positive above 0.15, Negative below -0.15, else Neutral. */
export function sentimentLabel(score: number): string {
  if (score > 0.15) return topics.sentiments.positive;
  if (score < -0.15) return topics.sentiments.negative;
  return topics.sentiments.neutral;
}

/** A part of the total as 'N (x%)'. */
export function countWithShare(count: number, total: number): string {
  if (total <= 0) return formatCount(count);
  return `${formatCount(count)} (${Math.round((count / total) * 100)}%)`;
}
