import type { Draft } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { copyText, draftStanding, mergeQueue, nextPendingId, percent, senderLabel, toggledAttachmentIds } from './queue-view.ts';

function draft(id: string, createdAt: string, status: Draft['status'] = 'pending'): Draft {
  return {
    id,
    emailId: `e-${id}`,
    emailAccountId: 'acc',
    mode: 'full',
    status,
    subject: `Re: ${id}`,
    body: `Body ${id}`,
    originalBody: null,
    needsReview: false,
    reviewReasons: [],
    reasons: [],
    confidence: 0.8,
    styleScore: null,
    engine: 'builtin',
    language: 'en',
    sources: [],
    attachments: [
      { id: 'f1', filename: 'price-list.pdf', reason: 'asked for prices', selected: true },
      { id: 'f2', filename: 'brochure.pdf', reason: 'mentioned', selected: false },
    ],
    createdAt,
    updatedAt: createdAt,
    decidedAt: null,
    sentAt: null,
    delivery: null,
    asks: [],
    plan: null,
    handling: [],
    noDraftReason: null,
    recipients: { to: ['a@example.com'], cc: [] },
    email: {
      id: `e-${id}`,
      emailAccountId: 'acc',
      accountEmail: 'me@example.com',
      senderEmail: 'ada@example.com',
      senderName: 'Ada',
      subject: id,
      receivedDate: createdAt,
      bodyText: 'Hello',
    },
  };
}

const d3 = draft('d3', '2026-11-25T03:00:00Z');
const d2 = draft('d2', '2026-11-25T02:00:00Z');
const d1 = draft('d1', '2026-11-25T01:00:00Z');

describe('the queue on screen', () => {
  it('keeps a draft decided here at its place after the server dropped it', () => {
    const approved = { ...d2, status: 'approved' as const };
    expect(mergeQueue([d3, d1], new Map([['d2', approved]])).map((d) => [d.id, d.status])).toEqual([
      ['d3', 'pending'],
      ['d2', 'approved'],
      ['d1', 'pending'],
    ]);
  });

  it('shows the decision, not the stale pending copy, while the server list still has it', () => {
    const rejected = { ...d3, status: 'rejected' as const };
    expect(mergeQueue([d3, d2], new Map([['d3', rejected]])).map((d) => d.status)).toEqual(['rejected', 'pending']);
  });

  it('puts decided drafts older than every pending one last, and works on an empty queue', () => {
    expect(mergeQueue([d3], new Map([['d1', { ...d1, status: 'edited' as const }]])).map((d) => d.id)).toEqual(['d3', 'd1']);
    expect(mergeQueue([], new Map([['d1', d1]])).map((d) => d.id)).toEqual(['d1']);
  });

  it('moves on to the next pending draft after a decision, or back when it was the last', () => {
    const shown = [d3, { ...d2, status: 'approved' as const }, d1];
    expect(nextPendingId(shown, 'd3')).toBe('d1');
    expect(nextPendingId(shown, 'd1')).toBe('d3');
    expect(nextPendingId([{ ...d3, status: 'approved' as const }], 'd3')).toBeUndefined();
  });
});

describe('draft wording', () => {
  it('copies subject and body', () => {
    expect(copyText(d1)).toBe('Subject: Re: d1\n\nBody d1');
  });

  it.each([
    ['Ada', 'ada@example.com', 'Ada <ada@example.com>'],
    [null, 'ada@example.com', 'ada@example.com'],
    ['ada@example.com', 'ada@example.com', 'ada@example.com'],
    ['  ', null, 'Unknown sender'],
    ['Ada', null, 'Ada'],
  ])('sender %s %s -> %s', (name, email, expected) => {
    expect(senderLabel(name, email)).toBe(expected);
  });

  it.each([
    [0.834, '83%'],
    [1.2, '100%'],
    [-0.1, '0%'],
  ])('percent %f -> %s', (value, expected) => {
    expect(percent(value)).toBe(expected);
  });

  it('toggles one suggested file and keeps the others as they were', () => {
    expect(toggledAttachmentIds(d1, 'f2', true)).toEqual(['f1', 'f2']);
    expect(toggledAttachmentIds(d1, 'f1', false)).toEqual([]);
  });
});

describe('the draft’s standing in words', () => {
  const with_ = (changes: Partial<Draft>) => ({ ...draft('s', '2026-11-25T01:00:00Z'), body: 'Greg,\n\nDone.\n\nPhillip', ...changes });
  it('says no draft, a holding reply, one question back, likely ready or check the facts', () => {
    expect(draftStanding(with_({ plan: 'none', body: '' }))).toBe('none');
    expect(draftStanding(with_({ plan: 'holding', confidence: 0.9 }))).toBe('holding');
    expect(draftStanding(with_({ plan: 'answer', mode: 'buy_time', confidence: 0.9 }))).toBe('holding');
    expect(draftStanding(with_({ plan: 'clarify', confidence: 0.5 }))).toBe('clarify');
    expect(draftStanding(with_({ plan: 'answer', confidence: 0.8 }))).toBe('ready');
    expect(draftStanding(with_({ plan: 'accept', confidence: 0.6 }))).toBe('check');
    // A draft written before plans: its confidence alone; an empty one is no draft.
    expect(draftStanding(with_({ plan: null, confidence: 0.3 }))).toBe('check');
    expect(draftStanding(with_({ plan: null, body: '  ' }))).toBe('none');
  });
});
