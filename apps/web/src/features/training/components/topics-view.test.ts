import { describe, expect, it } from 'vitest';
import { countWithShare, sentimentLabel, topThemes, urgencyRows } from './topics-view.ts';

describe('topThemes', () => {
  it('orders by emails with readable names and bar shares', () => {
    expect(topThemes({ general: 4, meeting: 8, 'follow-up': 2, hr: 0, custom: 1 })).toEqual([
      { theme: 'meeting', label: 'Meetings', emails: 8, share: 1 },
      { theme: 'general', label: 'General', emails: 4, share: 0.5 },
      { theme: 'follow-up', label: 'Follow-up', emails: 2, share: 0.25 },
      { theme: 'custom', label: 'Custom', emails: 1, share: 0.125 },
    ]);
  });
  it('keeps the first ones', () => {
    expect(topThemes({ a: 1, b: 2, c: 3 }, 2).map((row) => row.theme)).toEqual(['c', 'b']);
  });
});

describe('urgencyRows', () => {
  it('lists Critical to Low with shares, missing levels as 0', () => {
    expect(urgencyRows({ '2': 6, '4': 2 })).toEqual([
      { level: '5', label: 'Critical', emails: 0, share: 0 },
      { level: '4', label: 'High', emails: 2, share: 0.25 },
      { level: '3', label: 'Soon', emails: 0, share: 0 },
      { level: '2', label: 'Normal', emails: 6, share: 0.75 },
      { level: '1', label: 'Low', emails: 0, share: 0 },
    ]);
  });
});

describe('sentimentLabel', () => {
  it.each([
    [0.6, 'Positive'],
    [0.16, 'Positive'],
    [0.15, 'Neutral'],
    [0, 'Neutral'],
    [-0.15, 'Neutral'],
    [-0.2, 'Negative'],
  ])('%d reads %s', (score, label) => {
    expect(sentimentLabel(score)).toBe(label);
  });
});

describe('countWithShare', () => {
  it('adds the share of the total', () => {
    expect(countWithShare(25, 100)).toBe('25 (25%)');
    expect(countWithShare(341, 1726)).toBe('341 (20%)');
    expect(countWithShare(3, 0)).toBe('3');
    expect(countWithShare(1726, 0)).toBe('1,726');
  });
});
