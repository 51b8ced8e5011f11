import { describe, expect, it } from 'vitest';
import { displayEmail, displayName, userInitials } from './user-display.ts';

const user = (overrides: Partial<{ firstName: string | null; lastName: string | null; email: string; profileEmail: string | null }>) => ({
  firstName: null,
  lastName: null,
  email: 'ada@example.com',
  profileEmail: null,
  ...overrides,
});

describe('sidebar footer identity', () => {
  it.each([
    [user({ firstName: 'Ada', lastName: 'Lovelace' }), 'Ada Lovelace'],
    [user({ firstName: 'Ada' }), 'Ada'],
    [user({ lastName: ' Lovelace ' }), 'Lovelace'],
    [user({ firstName: ' ', lastName: '' }), undefined],
    [null, undefined],
  ])('display name of %j is %s', (input, expected) => {
    expect(displayName(input)).toBe(expected);
  });

  it.each([
    [user({ profileEmail: 'work@example.com' }), 'work@example.com'],
    [user({ profileEmail: '' }), 'ada@example.com'],
    [user({}), 'ada@example.com'],
    [null, undefined],
  ])('display email of %j is %s', (input, expected) => {
    expect(displayEmail(input)).toBe(expected);
  });

  it('makes up to two initials', () => {
    expect(userInitials('Ada Lovelace', 'a@b.c')).toBe('AL');
    expect(userInitials('Ada King Lovelace', undefined)).toBe('AK');
    expect(userInitials(undefined, 'zed@example.com')).toBe('Z');
    expect(userInitials(undefined, undefined)).toBe('?');
  });
});
