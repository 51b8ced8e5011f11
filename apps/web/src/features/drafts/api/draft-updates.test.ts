import { DRAFT_EVENTS } from '@penman/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchRealtimeEvent } from '@/lib/realtime.ts';
import { registerDraftUpdates } from './draft-updates.ts';
import { draftsKeys } from './query-keys.ts';

const SIDEBAR = ['dashboard', 'sidebar-counts'];
const LIST = draftsKeys.list({ accountId: undefined, needsReview: false });

function seededClient() {
  const client = new QueryClient();
  for (const key of [LIST, draftsKeys.counts(), SIDEBAR, ['dashboard', 'overview', 'stats'], ['emails', 'list']]) {
    client.setQueryData(key, { seeded: true });
  }
  return client;
}

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('draft events keep the queue, its counts and the sidebar badge live', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([DRAFT_EVENTS.created, DRAFT_EVENTS.updated])('%s refreshes drafts and dashboard counts, nothing else', (event) => {
    const unregister = registerDraftUpdates();
    const client = seededClient();
    dispatchRealtimeEvent(event, { draftId: 'd', emailAccountId: 'a', status: 'pending' }, client);
    vi.advanceTimersByTime(0);
    expect([LIST, draftsKeys.counts(), SIDEBAR].map((key) => stale(client, key))).toEqual([true, true, true]);
    expect(stale(client, ['emails', 'list'])).toBe(false);
    unregister();
  });

  it('stops when unregistered', () => {
    registerDraftUpdates()();
    const client = seededClient();
    dispatchRealtimeEvent(DRAFT_EVENTS.created, {}, client);
    vi.advanceTimersByTime(5000);
    expect(stale(client, LIST)).toBe(false);
    expect(stale(client, SIDEBAR)).toBe(false);
  });
});
