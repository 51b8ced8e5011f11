import { TRAINING_LABELS, type TrainingAnalysis } from '@penman/contract';

const { topics } = TRAINING_LABELS;

export type ThemeRow = { theme: string; label: string; weight: number; share: number };

/** The heaviest themes first (primary 1, secondary 0.5 per email), with their share of the heaviest one for a bar. */
export function topThemes(themes: TrainingAnalysis['themes'], limit = 6): ThemeRow[] {
  const rows = Object.entries(themes)
    .filter(([, weight]) => weight > 0)
    .sort(([a, wa], [b, wb]) => wb - wa || a.localeCompare(b))
    .slice(0, limit);
  const heaviest = rows[0]?.[1] ?? 0;
  return rows.map(([theme, weight]) => ({
    theme,
    label: topics.themeNames[theme] ?? theme.charAt(0).toUpperCase() + theme.slice(1),
    weight,
    share: heaviest > 0 ? weight / heaviest : 0,
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
  if (total <= 0) return String(count);
  return `${count.toLocaleString('en-US')} (${Math.round((count / total) * 100)}%)`;
}
