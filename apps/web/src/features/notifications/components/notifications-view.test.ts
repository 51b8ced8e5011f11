import type { Notification } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { newlyArrived, offerBrowserNotifications, unreadBadge } from './notifications-view.ts';

const note = (id: string, read = false): Notification => ({
  id,
  kind: 'draft_created',
  title: 'New draft to review',
  body: 'A reply',
  link: '/dashboard/drafts',
  read,
  createdAt: '2026-11-25T07:00:00.000Z',
});

describe('the bell', () => {
  it('shows no badge at zero, the count up to nine, then 9+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(12)).toBe('9+');
  });

  it('pops up only unread notifications this tab had not seen, oldest first, never on the first load', () => {
    const list = [note('c'), note('b'), note('a', true)];
    expect(newlyArrived(list, undefined)).toEqual([]);
    expect(newlyArrived(list, new Set(['a'])).map((n) => n.id)).toEqual(['b', 'c']);
    expect(newlyArrived(list, new Set(['a', 'b', 'c']))).toEqual([]);
  });

  it('offers browser notifications only while the user has not decided', () => {
    expect(offerBrowserNotifications('default')).toBe(true);
    expect(offerBrowserNotifications('granted')).toBe(false);
    expect(offerBrowserNotifications('denied')).toBe(false);
    expect(offerBrowserNotifications('unsupported')).toBe(false);
  });
});
