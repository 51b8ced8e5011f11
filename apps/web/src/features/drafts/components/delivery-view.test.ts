import { DELIVERY_LABELS, type Draft, type DraftDelivery } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { awaitsDelivery, deliveryInFlight, deliveryView, emlHref, recipientLines } from './delivery-view.ts';

const ACCOUNT = 'phillip.allen@enron.com';
const AT = '2026-11-25T06:00:00.000Z';

function delivery(changes: Partial<DraftDelivery>): DraftDelivery {
  return {
    mode: 'save_to_drafts',
    state: 'queued',
    messageId: '<d1@penman>',
    attempts: 0,
    error: null,
    retryable: true,
    deliveredAt: null,
    unconfirmed: false,
    ...changes,
  };
}

const draft = (status: Draft['status'], changes: Partial<DraftDelivery> | null, sentAt: string | null = null) => ({
  status,
  delivery: changes === null ? null : delivery(changes),
  sentAt,
  email: { accountEmail: ACCOUNT },
});

describe("a decided draft's delivery, as its card shows it", () => {
  it.each([
    ['queued to Drafts', draft('approved', { state: 'queued' }), 'progress', 'Saving to Drafts…'],
    ['being saved', draft('edited', { state: 'delivering' }), 'progress', 'Saving to Drafts…'],
    ['queued to send', draft('buy_time', { mode: 'send', state: 'queued' }), 'progress', 'Sending…'],
    ['saved', draft('saved', { state: 'delivered', deliveredAt: AT }), 'done', `Saved to Drafts in ${ACCOUNT}`],
    ['sent', draft('sent', { mode: 'send', state: 'delivered', deliveredAt: AT }), 'done', 'Sent'],
    [
      'sent, never confirmed',
      draft('sent', { mode: 'send', state: 'delivered', deliveredAt: AT, unconfirmed: true }),
      'done',
      'Probably sent',
    ],
    ['failed', draft('approved', { state: 'failed', error: 'The server refused the login.' }), 'failed', 'Not delivered'],
    ['rejected', draft('rejected', null), 'neutral', 'Rejected'],
    ['completed by a teammate', draft('completed', null), 'neutral', 'Completed by a teammate'],
    ['approved before delivery existed', draft('approved', null), 'neutral', 'Approved'],
  ] as const)('%s', (_name, input, tone, text) => {
    expect(deliveryView(input)).toMatchObject({ tone, text });
  });

  it('a reply the server never confirmed says so, and what to check', () => {
    const view = deliveryView(draft('sent', { mode: 'send', state: 'delivered', deliveredAt: AT, unconfirmed: true }));
    expect(view).toMatchObject({ hint: DELIVERY_LABELS.draft.unconfirmedHint, at: AT, buttons: { retry: false, copy: true, eml: true } });
    expect(deliveryView(draft('sent', { mode: 'send', state: 'delivered', deliveredAt: AT }))?.hint).toBeNull();
  });

  it('a pending draft has actions, not a delivery', () => {
    expect(deliveryView(draft('pending', null))).toBeNull();
  });

  it('says when it was delivered, from the delivery or else from sentAt', () => {
    expect(deliveryView(draft('saved', { state: 'delivered', deliveredAt: AT }))?.at).toBe(AT);
    expect(deliveryView(draft('sent', { mode: 'send', state: 'delivered' }, AT))?.at).toBe(AT);
    expect(deliveryView(draft('saved', null, AT))).toMatchObject({ tone: 'done', at: AT });
  });

  it("a failure shows the server's reason; Retry only when a retry can help, with the way out said otherwise", () => {
    const retryable = deliveryView(draft('approved', { state: 'failed', error: 'Connection closed.', retryable: true }));
    expect(retryable).toMatchObject({ error: 'Connection closed.', hint: null, buttons: { retry: true, copy: true, eml: true } });
    const imported = deliveryView(draft('approved', { state: 'failed', error: 'An imported file has no server.', retryable: false }));
    expect(imported?.buttons).toEqual({ retry: false, copy: true, eml: true });
    expect(imported?.hint).toMatch(/copy it or download it as an \.eml file/);
  });

  it.each([
    ['in flight', draft('approved', { state: 'delivering' }), { retry: false, copy: true, eml: false }],
    ['delivered', draft('saved', { state: 'delivered', deliveredAt: AT }), { retry: false, copy: true, eml: true }],
    ['rejected', draft('rejected', null), { retry: false, copy: false, eml: false }],
    ['completed', draft('completed', null), { retry: false, copy: false, eml: false }],
    ['approved without delivery', draft('approved', null), { retry: false, copy: true, eml: false }],
  ] as const)('buttons when %s', (_name, input, buttons) => {
    expect(deliveryView(input)?.buttons).toEqual(buttons);
  });
});

describe('the card asks again while the delivery is under way', () => {
  it.each([
    ['queued', true],
    ['delivering', true],
    ['delivered', false],
    ['failed', false],
  ] as const)('%s: %s', (state, inFlight) => {
    expect(deliveryInFlight({ delivery: delivery({ state }) })).toBe(inFlight);
  });
  it('no delivery, or no draft: nothing to wait for', () => {
    expect(deliveryInFlight({ delivery: null })).toBe(false);
    expect(deliveryInFlight(undefined)).toBe(false);
  });
});

describe('recipients above the reply', () => {
  it('To always, Cc only when there is one', () => {
    expect(recipientLines({ to: ['keith.holst@enron.com'], cc: [] })).toEqual([{ label: 'To', addresses: 'keith.holst@enron.com' }]);
    expect(recipientLines({ to: ['a@example.com', 'b@example.com'], cc: ['c@example.com'] })).toEqual([
      { label: 'To', addresses: 'a@example.com, b@example.com' },
      { label: 'Cc', addresses: 'c@example.com' },
    ]);
    expect(recipientLines({ to: [], cc: [] })).toEqual([{ label: 'To', addresses: 'No recipient' }]);
  });
});

describe('the .eml download', () => {
  it("is the draft's eml route", () => {
    expect(emlHref('0b6f3a1e-1111-4222-8333-944445555666')).toBe('/api/drafts/0b6f3a1e-1111-4222-8333-944445555666/eml');
  });
});

describe('after a reload, the queue still shows the approved drafts not delivered yet', () => {
  it.each([
    ['queued', { state: 'queued' }, true],
    ['delivering', { state: 'delivering' }, true],
    ['failed, a retry can help', { state: 'failed', retryable: true }, true],
    ['failed for good (an imported file)', { state: 'failed', retryable: false }, false],
    ['delivered', { state: 'delivered' }, false],
  ] as const)('%s: %s', (_name, changes, shown) => {
    expect(awaitsDelivery({ delivery: delivery(changes) })).toBe(shown);
  });
  it('not without a delivery', () => {
    expect(awaitsDelivery({ delivery: null })).toBe(false);
  });
});
