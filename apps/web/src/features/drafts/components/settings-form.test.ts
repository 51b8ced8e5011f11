import { BUY_TIME_HOURS_MAX, type DraftingSettings } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { formFromSettings, linesToList, settingsFromForm } from './settings-form.ts';

const settings: DraftingSettings = {
  enabled: true,
  defaultMode: 'full',
  buyTimeHours: 24,
  reviewWords: ['discount', 'refund'],
  reviewSenders: ['boss@example.com'],
  ignoredSenders: [],
  engine: 'builtin',
};

describe('drafting settings form', () => {
  it('round-trips the settings', () => {
    expect(settingsFromForm(formFromSettings(settings))).toEqual({ ok: true, settings });
  });

  it('reads one entry per line or comma, trimmed, without blanks or repeats', () => {
    expect(linesToList(' discount \n\nRefund, refund,contract\n')).toEqual(['discount', 'Refund', 'contract']);
  });

  it.each(['0', '', '1.5', 'abc', String(BUY_TIME_HOURS_MAX + 1)])('refuses %j hours', (hours) => {
    const answer = settingsFromForm({ ...formFromSettings(settings), buyTimeHours: hours });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.errors.buyTimeHours).toContain(String(BUY_TIME_HOURS_MAX));
  });

  it('refuses too many or too long entries, naming the field', () => {
    const many = Array.from({ length: 201 }, (_, i) => `word${i}`).join('\n');
    const tooMany = settingsFromForm({ ...formFromSettings(settings), reviewWords: many });
    expect(tooMany).toEqual({ ok: false, errors: { reviewWords: 'At most 200 lines.' } });
    const tooLong = settingsFromForm({ ...formFromSettings(settings), ignoredSenders: 'x'.repeat(201) });
    expect(tooLong).toEqual({ ok: false, errors: { ignoredSenders: 'A line is longer than 200 characters.' } });
  });
});
