import type { Contact, ContactStatistics } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import {
  contactHeader,
  detailDisplayName,
  displayedStatistics,
  frequencyLabel,
  listDisplayName,
  responseTimeText,
  strengthPercent,
} from './contact-display.ts';

const names = (firstName: string | null, lastName: string | null, displayName: string | null) => ({
  emailAddress: 'phillip.allen@enron.com',
  firstName,
  lastName,
  displayName,
});

describe('listDisplayName', () => {
  it.each([
    [names('Phillip', 'Allen', 'Phil K. Allen'), 'Phillip Allen'],
    [names('Phillip', null, 'Phil K. Allen'), 'Phillip'],
    [names(null, 'Allen', 'Phil K. Allen'), 'Phil K. Allen'],
    [names(null, null, 'Phil K. Allen'), 'Phil K. Allen'],
    [names('  ', '', ' '), 'phillip.allen@enron.com'],
    [names(null, null, null), 'phillip.allen@enron.com'],
  ])('%o reads %s', (contact, text) => {
    expect(listDisplayName(contact)).toBe(text);
  });
});

describe('detailDisplayName', () => {
  it.each([
    [names('Phillip', 'Allen', 'Phil K. Allen'), 'Phil K. Allen'],
    [names('Phillip', 'Allen', null), 'Phillip Allen'],
    [names(null, 'Allen', null), 'Allen'],
    [names('Phillip', null, ''), 'Phillip'],
    [names(null, null, null), 'phillip.allen@enron.com'],
  ])('%o reads %s', (contact, text) => {
    expect(detailDisplayName(contact)).toBe(text);
  });
});

// Issue 16: the header names the contact once; an address is never shown as the name and again below it.
describe('contactHeader', () => {
  it.each([
    [names('Phillip', 'Allen', 'Phil K. Allen'), { title: 'Phil K. Allen', address: 'phillip.allen@enron.com', named: true }],
    [names('Phillip', 'Allen', null), { title: 'Phillip Allen', address: 'phillip.allen@enron.com', named: true }],
    [names(null, null, null), { title: 'phillip.allen@enron.com', address: null, named: false }],
    // A display name that is only the address, in another case or quoted, is no name.
    [names(null, null, 'Phillip.Allen@ENRON.com'), { title: 'phillip.allen@enron.com', address: null, named: false }],
    [names(null, null, "'phillip.allen@enron.com'"), { title: 'phillip.allen@enron.com', address: null, named: false }],
  ])('%o', (contact, header) => {
    expect(contactHeader(contact)).toEqual(header);
  });
});

const statistics: ContactStatistics = {
  emailsSent: 4,
  emailsReceived: 9,
  totalInteractions: 13,
  interactionFrequency: 'high',
  relationshipStrength: 0.42,
  avgResponseTimeHours: 3.6,
  firstInteractionAt: '2001-01-02T10:00:00.000Z',
  lastInteractionAt: '2001-05-02T10:00:00.000Z',
  mostCommonSubjectKeywords: ['gas'],
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('displayedStatistics', () => {
  it('uses the first entry', () => {
    const contact = { contactStatistics: [statistics, { ...statistics, emailsSent: 99 }] } as Pick<Contact, 'contactStatistics'>;
    expect(displayedStatistics(contact)).toBe(statistics);
  });
  it('with no statistics shows frequency low and counts 0', () => {
    expect(displayedStatistics({ contactStatistics: [] })).toEqual({
      emailsSent: 0,
      emailsReceived: 0,
      totalInteractions: 0,
      interactionFrequency: 'low',
    });
  });
});

describe('frequencyLabel', () => {
  it.each([
    ['very_high', 'Very High'],
    ['high', 'High'],
    ['medium', 'Medium'],
    ['low', 'Low'],
  ] as const)('%s reads %s', (frequency, text) => {
    expect(frequencyLabel(frequency)).toBe(text);
  });
});

describe('strengthPercent', () => {
  it.each([
    [0, 0],
    [0.426, 43],
    [1, 100],
    [1.3, 100],
    [-0.1, 0],
  ])('%d is %d%%', (strength, percent) => {
    expect(strengthPercent(strength)).toBe(percent);
  });
});

describe('responseTimeText', () => {
  it.each([
    [null, null],
    [0, null],
    [0.4, null],
    [0.6, '1 hour'],
    [3.6, '4 hours'],
    [26.2, '26 hours'],
    [Number.NaN, null],
  ])('%s hours reads %s', (hours, text) => {
    expect(responseTimeText(hours)).toBe(text);
  });
});
