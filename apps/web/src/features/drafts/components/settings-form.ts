import {
  BUY_TIME_HOURS_MAX,
  DRAFTS_LABELS,
  type DraftEngine,
  type DraftingSettings,
  type DraftMode,
  REVIEW_RULE_MAX_ITEMS,
  ZUpdateDraftingSettingsRequest,
} from '@penman/contract';

/** The settings dialog's fields as the user edits them: lists as one entry per line, hours as typed. */
export type SettingsForm = {
  enabled: boolean;
  defaultMode: DraftMode;
  buyTimeHours: string;
  reviewWords: string;
  reviewSenders: string;
  ignoredSenders: string;
  engine: DraftEngine;
};

export type SettingsField = keyof SettingsForm;

export function formFromSettings(settings: DraftingSettings): SettingsForm {
  return {
    enabled: settings.enabled,
    defaultMode: settings.defaultMode,
    buyTimeHours: String(settings.buyTimeHours),
    reviewWords: settings.reviewWords.join('\n'),
    reviewSenders: settings.reviewSenders.join('\n'),
    ignoredSenders: settings.ignoredSenders.join('\n'),
    engine: settings.engine,
  };
}

/** One entry per line (commas also split, as people paste "a, b, c"): trimmed, blanks and repeats dropped. */
export function linesToList(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(/[\n,]/)) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

const LIST_FIELDS = ['reviewWords', 'reviewSenders', 'ignoredSenders'] as const;

/**
 * The settings to PATCH, checked against the contract, or the message of each field the server
 * would refuse (so the dialog says what is wrong before sending).
 */
export function settingsFromForm(
  form: SettingsForm,
): { ok: true; settings: DraftingSettings } | { ok: false; errors: Partial<Record<SettingsField, string>> } {
  const errors: Partial<Record<SettingsField, string>> = {};
  const hours = /^\d+$/.test(form.buyTimeHours.trim()) ? Number(form.buyTimeHours.trim()) : Number.NaN;
  if (!Number.isInteger(hours) || hours < 1 || hours > BUY_TIME_HOURS_MAX) {
    errors.buyTimeHours = DRAFTS_LABELS.settings.buyTimeHoursHint(BUY_TIME_HOURS_MAX);
  }
  const lists = Object.fromEntries(LIST_FIELDS.map((field) => [field, linesToList(form[field])])) as Record<
    (typeof LIST_FIELDS)[number],
    string[]
  >;
  for (const field of LIST_FIELDS) {
    if (lists[field].length > REVIEW_RULE_MAX_ITEMS) errors[field] = DRAFTS_LABELS.settings.tooMany(REVIEW_RULE_MAX_ITEMS);
    else if (lists[field].some((item) => item.length > 200)) errors[field] = DRAFTS_LABELS.settings.tooLong;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const settings = { enabled: form.enabled, defaultMode: form.defaultMode, buyTimeHours: hours, ...lists, engine: form.engine };
  const parsed = ZUpdateDraftingSettingsRequest.required().safeParse(settings);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = (first?.path[0] ?? 'reviewWords') as SettingsField;
    return { ok: false, errors: { [field]: first?.message ?? DRAFTS_LABELS.settings.saveFailed } };
  }
  return { ok: true, settings: parsed.data };
}
