import { describe, expect, it } from 'vitest';
import { fromServerFields, validateWaitlist } from './waitlist-validation.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', howHeard: 'friend' };

describe('validateWaitlist', () => {
  it('accepts a complete form', () => {
    expect(validateWaitlist(valid)).toEqual({});
  });

  it('names every missing field with the spec messages', () => {
    expect(validateWaitlist({ firstName: ' ', lastName: '', email: '', howHeard: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      howHeard: 'Please select how you heard about us',
    });
  });

  it.each([
    [{ firstName: 'x'.repeat(51) }, { firstName: 'First name is too long' }],
    [{ lastName: 'x'.repeat(51) }, { lastName: 'Last name is too long' }],
    [{ email: 'ada@' }, { email: 'Please enter a valid email address' }],
    [{ email: `${'x'.repeat(250)}@example.com` }, { email: 'Email is too long' }],
    [{ howHeard: 'carrier-pigeon' }, { howHeard: 'Please select how you heard about us' }],
    // 50 + 1 + 50 characters joined is over the waitlist's 100 for the name.
    [{ firstName: 'f'.repeat(50), lastName: 'l'.repeat(50) }, { lastName: 'Name is too long' }],
  ])('refuses %j', (change, errors) => {
    expect(validateWaitlist({ ...valid, ...change })).toEqual(errors);
  });
});

describe('fromServerFields', () => {
  it('shows the joined name under the last name and keeps email and how-heard', () => {
    expect(
      fromServerFields({ name: 'Name is too long', email: 'This email is already on the waitlist', howHeard: 'Invalid option' }),
    ).toEqual({
      lastName: 'Name is too long',
      email: 'This email is already on the waitlist',
      howHeard: 'Invalid option',
    });
  });
});
