import type { Draft } from '@penman/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { replaceCachedDraft } from './draft-actions.ts';
import { draftsKeys } from './query-keys.ts';

const draft = (id: string, status: Draft['status'] = 'pending') => ({ id, status }) as Draft;

describe("an action's answer replaces the cached draft", () => {
  it('in every cached page of every filter, leaving the others alone', () => {
    const client = new QueryClient();
    const all = draftsKeys.list({ accountId: undefined, needsReview: false });
    const review = draftsKeys.list({ accountId: undefined, needsReview: true });
    client.setQueryData(all, {
      pageParams: [undefined, 'c1'],
      pages: [
        { drafts: [draft('a'), draft('b')], nextCursor: 'c1', total: 3 },
        { drafts: [draft('c')], nextCursor: null, total: 3 },
      ],
    });
    client.setQueryData(review, { pageParams: [undefined], pages: [{ drafts: [draft('c')], nextCursor: null, total: 1 }] });
    client.setQueryData(draftsKeys.counts(), { pending: 3, needsReview: 1 });

    replaceCachedDraft(client, draft('c', 'approved'));

    const statuses = (key: readonly unknown[]) =>
      client.getQueryData<{ pages: { drafts: Draft[] }[] }>(key)?.pages.flatMap((page) => page.drafts.map((d) => `${d.id}:${d.status}`));
    expect(statuses(all)).toEqual(['a:pending', 'b:pending', 'c:approved']);
    expect(statuses(review)).toEqual(['c:approved']);
    expect(client.getQueryData(draftsKeys.counts())).toEqual({ pending: 3, needsReview: 1 });
    // The draft's own query too: a decided card follows it (its delivery).
    expect(client.getQueryData<Draft>(draftsKeys.detail('c'))?.status).toBe('approved');
  });
});
