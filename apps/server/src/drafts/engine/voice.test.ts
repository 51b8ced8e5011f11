import { describe, expect, it } from 'vitest';
import { firstNameOf } from './voice.ts';

const from = (address: string, name: string | null = null) => ({ contact: null, email: { from: { address, name } } });

describe('firstNameOf: the name a draft greets the sender by', () => {
  it('takes it from an address shaped like first.last@ in the case names are written', () => {
    // A real sender of watson-k's inbox: the draft opened "ed," before.
    expect(firstNameOf(from('ed.wojcik@enron.com'))).toBe('Ed');
    expect(firstNameOf(from('monica.l.brown@accenture.com'))).toBe('Monica');
    expect(firstNameOf(from('BOB.SMITH@example.com'))).toBe('Bob');
  });

  it('keeps initials as they are and prefers the display name', () => {
    expect(firstNameOf(from('jl@example.com', 'JL Smith'))).toBe('JL');
    expect(firstNameOf(from('x.y@example.com', 'Lee, Al'))).toBe('Al');
    expect(firstNameOf(from('sales@example.com'))).toBeNull();
  });

  it('never greets by an address word the mail does not name them by ("wise.counsel@" is no Wise)', () => {
    const mail = (text: string) => ({ contact: null, email: { from: { address: 'wise.counsel@lpl.com', name: null }, text } });
    expect(firstNameOf(mail('Phillip,\n\nHave you found the title policy?\n\nThanks,\nBob'))).toBeNull();
    expect(firstNameOf({ contact: null, email: { from: { address: 'ed.wojcik@enron.com', name: null }, text: 'Thanks, Ed' } })).toBe('Ed');
  });
});
