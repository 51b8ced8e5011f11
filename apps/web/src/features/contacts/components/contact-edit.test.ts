import { describe, expect, it } from 'vitest';
import { editPayload, storedValue } from './contact-edit.ts';

describe('editPayload', () => {
  it.each([
    ['phoneNumber', '+1 713 853 7041', { phoneNumber: '+1 713 853 7041' }],
    ['phoneNumber', '', { phoneNumber: null }],
    ['jobTitle', '   ', { jobTitle: null }],
    ['jobTitle', ' Trader ', { jobTitle: 'Trader' }],
    ['department', '', { department: null }],
    ['department', 'West Desk', { department: 'West Desk' }],
    ['notes', '', { notes: '' }],
    ['notes', '  keep the spaces ', { notes: '  keep the spaces ' }],
  ] as const)('%s %j is sent as %j', (field, value, body) => {
    expect(editPayload(field, value)).toEqual(body);
  });
});

describe('storedValue', () => {
  const contact = { phoneNumber: null, jobTitle: 'Trader', department: null, notes: 'met in Houston' };
  it('starts an editor from the stored value, or empty', () => {
    expect(storedValue(contact, 'phoneNumber')).toBe('');
    expect(storedValue(contact, 'jobTitle')).toBe('Trader');
    expect(storedValue(contact, 'notes')).toBe('met in Houston');
  });
});
