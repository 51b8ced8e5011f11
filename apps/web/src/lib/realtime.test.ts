import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchRealtimeEvent, refreshOnRealtimeEvent } from './realtime.ts';

function fakeClient() {
  const invalidateQueries = vi.fn(async (_filters: unknown, _options?: unknown) => {});
  return { client: { invalidateQueries } as unknown as QueryClient, invalidateQueries };
}

describe('refreshOnRealtimeEvent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes at once, then at most once a period, without cancelling a refresh in flight', () => {
    const { client, invalidateQueries } = fakeClient();
    const unregister = refreshOnRealtimeEvent('test.burst', ['things'], 1000);
    dispatchRealtimeEvent('test.burst', {}, client);
    vi.advanceTimersByTime(0);
    expect(invalidateQueries).toHaveBeenCalledTimes(1);
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ['things'] }, { cancelRefetch: false });
    for (let i = 0; i < 5; i++) dispatchRealtimeEvent('test.burst', {}, client);
    vi.advanceTimersByTime(999);
    expect(invalidateQueries).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(invalidateQueries).toHaveBeenCalledTimes(2);
    unregister();
  });

  it('adds one handler however often the same queries are registered, and removes it with the last registration', () => {
    const { client, invalidateQueries } = fakeClient();
    const first = refreshOnRealtimeEvent('test.twice', ['things'], 1000);
    const second = refreshOnRealtimeEvent('test.twice', ['things'], 1000);
    const other = refreshOnRealtimeEvent('test.twice', ['other'], 1000);
    dispatchRealtimeEvent('test.twice', {}, client);
    vi.advanceTimersByTime(0);
    expect(invalidateQueries.mock.calls.map(([filters]) => filters)).toEqual([{ queryKey: ['things'] }, { queryKey: ['other'] }]);

    first();
    first();
    other();
    vi.advanceTimersByTime(1000);
    dispatchRealtimeEvent('test.twice', {}, client);
    vi.advanceTimersByTime(0);
    expect(invalidateQueries).toHaveBeenCalledTimes(3);
    second();
    dispatchRealtimeEvent('test.twice', {}, client);
    vi.advanceTimersByTime(1000);
    expect(invalidateQueries).toHaveBeenCalledTimes(3);
  });
});
