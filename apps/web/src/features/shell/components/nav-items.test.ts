import { describe, expect, it } from 'vitest';
import { findActiveNavItem, findPageTitle, isNavItemActive, MAIN_NAV, SETTINGS_NAV } from './nav-items.ts';

const byPath = (to: string) => {
  const item = [...MAIN_NAV, ...SETTINGS_NAV].find((candidate) => candidate.to === to);
  if (!item) throw new Error(`no nav item ${to}`);
  return item;
};

describe('sidebar active item', () => {
  it.each([
    ['/dashboard', '/dashboard', true],
    ['/dashboard', '/dashboard/', true],
    ['/dashboard', '/dashboard/email-accounts', false],
    ['/dashboard/email-accounts', '/dashboard/email-accounts', true],
    ['/dashboard/email-accounts', '/dashboard/email-accounts/42', true],
    ['/dashboard/email-accounts', '/dashboard/email-accounts-old', false],
    ['/dashboard/knowledge', '/dashboard/training', false],
    ['/dashboard/help', '/dashboard/help/faq', true],
  ])('%s on %s -> %s', (item, pathname, expected) => {
    expect(isNavItemActive(byPath(item), pathname)).toBe(expected);
  });

  it('finds exactly one item for each screen', () => {
    expect(findActiveNavItem('/dashboard')?.label).toBe('Dashboard');
    expect(findActiveNavItem('/dashboard/attachments')?.label).toBe('Attachments');
    expect(findActiveNavItem('/dashboard/emails')).toBeUndefined();
  });

  it('names every screen in the top bar, also the Emails screen the sidebar does not list', () => {
    expect(findPageTitle('/dashboard')).toBe('Dashboard');
    expect(findPageTitle('/dashboard/contacts')).toBe('Contacts');
    expect(findPageTitle('/dashboard/emails')).toBe('Emails');
    expect(findPageTitle('/dashboard/emails/')).toBe('Emails');
    expect(findPageTitle('/dashboard/nowhere')).toBeUndefined();
  });

  it('lists the spec groups in order, with badges on drafts, accounts, knowledge and attachments', () => {
    expect(MAIN_NAV.map((item) => item.label)).toEqual([
      'Dashboard',
      'Drafts',
      'Email Accounts',
      'Training',
      'Contacts',
      'Knowledge Base',
      'Attachments',
      'Analytics',
    ]);
    expect(SETTINGS_NAV.map((item) => item.label)).toEqual(['Settings', 'Help & Support']);
    expect(MAIN_NAV.filter((item) => item.badge).map((item) => [item.badge, item.warnWhenZero === true])).toEqual([
      ['draftsToReview', false],
      ['emailAccounts', false],
      ['knowledgeDocuments', true],
      ['attachments', true],
    ]);
  });
});
