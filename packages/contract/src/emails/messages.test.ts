import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../contacts/messages.ts';
import { EMAIL_MESSAGES } from './messages.ts';

// The walk of a new user's 1,474 emails read "1,474" on every page but "Page 1 of 59 • 1474 emails".
describe('pagination texts write their counts as every other figure of the app', () => {
  it('emails', () => {
    expect(EMAIL_MESSAGES.pagination(1, 59, 1474)).toBe('Page 1 of 59 • 1,474 emails');
    expect(EMAIL_MESSAGES.pagination(1200, 1200, 29_990)).toBe('Page 1,200 of 1,200 • 29,990 emails');
    expect(EMAIL_MESSAGES.pagination(1, 1, 1)).toBe('Page 1 of 1 • 1 email');
  });

  it('contacts', () => {
    expect(CONTACT_MESSAGES.pagination(1, 20, 2297)).toBe('Page 1 • Showing 20 of 2,297 total contacts');
    expect(CONTACT_MESSAGES.filteredCount(20, 1297)).toBe('20 of 1,297 contacts (filtered)');
  });
});
