import { STYLE_LABELS, type StylePattern, type StyleProfile } from '@penman/contract';

/** A share 0..1 as a whole percentage; a small but real share reads '<1%'. */
export function percent(share: number): string {
  if (!Number.isFinite(share) || share <= 0) return '0%';
  if (share < 0.005) return '<1%';
  return `${Math.round(Math.min(1, share) * 100)}%`;
}

/** A figure with at most one decimal ('14.2', '3'). */
export function decimal(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return String(Math.round(value * 10) / 10);
}

export function wordsPerSentence(value: number): string {
  return `${decimal(value)} words per sentence`;
}

export function sentencesPerParagraph(value: number): string {
  return `${decimal(value)} ${decimal(value) === '1' ? 'sentence' : 'sentences'} per paragraph`;
}

export function wordsPerEmail(value: number): string {
  return `${Math.round(value)} words per email`;
}

export function perEmail(value: number): string {
  return `${decimal(value)} per email`;
}

/** 'Formal (72 / 100)'. */
export function formality(profile: Pick<StyleProfile, 'formalityLevel' | 'formalityScore'>): string {
  const score = Math.round(Math.min(1, Math.max(0, profile.formalityScore)) * 100);
  return `${STYLE_LABELS.formalityLevels[profile.formalityLevel]} (${score} / 100)`;
}

/** Hours as people say them: 'under an hour', 'about 3 hours', 'about 2 days'. */
export function hoursInWords(hours: number): string {
  if (hours < 1) return 'under an hour';
  if (hours < 48) {
    const rounded = Math.round(hours);
    return `about ${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
  }
  return `about ${Math.round(hours / 24)} days`;
}

/** 'Replies the same day: typically about 3 hours (12 replies measured)'. */
export function responseSpeed(profile: Pick<StyleProfile, 'responseSpeedPreference' | 'medianResponseHours' | 'measuredReplies'>): string {
  const label = STYLE_LABELS.responseSpeeds[profile.responseSpeedPreference];
  if (profile.medianResponseHours === null || profile.measuredReplies === 0) return label;
  const replies = `${profile.measuredReplies} ${profile.measuredReplies === 1 ? 'reply' : 'replies'} measured`;
  return `${label}: typically ${hoursInWords(profile.medianResponseHours)} (${replies})`;
}

/**
 * How a greeting or closing differs by recipient: 'Colleagues 60% · Outside 20%', with a word on
 * which group gets it more; null when no group has a share.
 */
export function patternVariation(pattern: Pick<StylePattern, 'internalShare' | 'externalShare'>): string | null {
  const { internalShare, externalShare } = pattern;
  const parts: string[] = [];
  if (internalShare !== null) parts.push(`Colleagues ${percent(internalShare)}`);
  if (externalShare !== null) parts.push(`Outside ${percent(externalShare)}`);
  if (parts.length === 0) return null;
  let lean = '';
  if (internalShare !== null && externalShare !== null) {
    if (internalShare - externalShare >= 0.15) lean = ' (more with colleagues)';
    else if (externalShare - internalShare >= 0.15) lean = ' (more with outside contacts)';
  }
  return `${parts.join(' · ')}${lean}`;
}

/** 'in 42% of emails (21)'. */
export function usedIn(share: number, count: number): string {
  return `in ${percent(share)} of emails (${count})`;
}

/** Typical length of a context or situation: 'About 85 words'. */
export function typicalWords(words: number): string {
  const rounded = Math.round(words);
  return `About ${rounded} ${rounded === 1 ? 'word' : 'words'}`;
}

/** A phrase as quoted in the report. */
export function quoted(text: string): string {
  return `“${text.trim()}”`;
}
