import type { TrainingSession } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { formatDuration, sessionRange, sessionRow } from './session-view.ts';

describe('formatDuration', () => {
  it.each([
    [null, null],
    [-1, null],
    [850, '850 ms'],
    [42_000, '42 s'],
    [185_000, '3 min 5 s'],
    [180_000, '3 min'],
    [3_599_800, '60 min'],
    [3_720_000, '1 h 2 min'],
    [7_200_000, '2 h'],
  ])('%s ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('sessionRange', () => {
  it('reads the calendar dates, or All dates', () => {
    expect(sessionRange({ startDate: '2001-01-01', endDate: '2001-06-30' })).toBe('Jan 1, 2001 – Jun 30, 2001');
    expect(sessionRange({ startDate: null, endDate: null })).toBe('All dates');
  });
});

describe('sessionRow', () => {
  const session: TrainingSession = {
    id: 's',
    emailAccountId: 'a',
    kind: 'sent_style',
    startDate: '2001-01-01',
    endDate: '2001-06-30',
    status: 'failed',
    initiatedAt: '2025-01-01T00:00:00Z',
    completedAt: '2025-01-01T00:00:12Z',
    totalEmailsDownloaded: 1,
    trainingDurationMs: 12_000,
    errorMessage: ' No emails found for training ',
  };

  it('puts a session in words', () => {
    expect(sessionRow(session)).toEqual({
      kind: 'Sent style corpus',
      range: 'Jan 1, 2001 – Jun 30, 2001',
      status: 'Failed',
      tone: 'error',
      count: '1 email',
      duration: '12 s',
      error: 'No emails found for training',
    });
  });

  it('reads Running while it downloads', () => {
    expect(sessionRow({ ...session, status: 'downloading', errorMessage: null })).toMatchObject({
      status: 'Downloading',
      tone: 'busy',
      duration: 'Running',
      error: null,
    });
    expect(sessionRow({ ...session, kind: 'inbox_contacts', status: 'completed', totalEmailsDownloaded: 1234 })).toMatchObject({
      kind: 'Inbox contacts',
      tone: 'success',
      count: '1,234 emails',
    });
  });
});
