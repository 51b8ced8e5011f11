import { QUERY_RETRY, QUERY_STALE_MS } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { createQueryClient, shouldRetry } from './query-client.ts';

describe('query defaults', () => {
  it('keeps answers fresh for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(QUERY_STALE_MS);
    expect(defaults.mutations?.retry).toBe(shouldRetry);
  });

  it.each([
    [0, { status: 0 }, true],
    [0, { status: 503 }, true],
    [0, new Error('boom'), true],
    [QUERY_RETRY, { status: 503 }, false],
    [0, { status: 401 }, false],
    [0, { status: 404 }, false],
    [0, { status: 429 }, false],
  ])('after %i failures, %j -> retry %s', (failures, error, expected) => {
    expect(shouldRetry(failures, error)).toBe(expected);
  });
});
