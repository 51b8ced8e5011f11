import { describe, expect, it } from 'vitest';
import { contactCsvRow, contactVcard, type ExportContact, mboxEntry } from './export-formats.ts';

const contact = (overrides: Partial<ExportContact> = {}): ExportContact => ({
  emailAddress: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  displayName: null,
  companyName: null,
  jobTitle: null,
  department: null,
  phoneNumber: null,
  notes: null,
  isInternal: false,
  mailbox: 'me@example.com',
  ...overrides,
});

describe('mboxEntry', () => {
  it('writes the separator, LF line ends and escapes From lines the mboxrd way', () => {
    const raw = Buffer.from('Subject: hi\r\n\r\nFrom here on\r\n>From there\r\nend');
    const entry = mboxEntry(raw, 'ann@example.com', new Date('2001-01-01T09:05:03Z')).toString('latin1');
    expect(entry).toBe('From ann@example.com Mon Jan  1 09:05:03 2001\nSubject: hi\n\n>From here on\n>>From there\nend\n\n');
  });

  it('names MAILER-DAEMON when there is no sender', () => {
    expect(mboxEntry(Buffer.from('a\n'), null, null).toString()).toMatch(/^From MAILER-DAEMON Thu Jan {2}1 00:00:00 1970\n/);
  });
});

describe('contacts', () => {
  it.each([
    [contact(), 'ann@example.com,Ann,Lee,,,,,,,false,me@example.com\r\n'],
    [
      contact({ notes: 'said "hi", twice\nthen left' }),
      'ann@example.com,Ann,Lee,,,,,,"said ""hi"", twice\nthen left",false,me@example.com\r\n',
    ],
  ])('quotes CSV fields per RFC 4180', (input, expected) => {
    expect(contactCsvRow(input)).toBe(expected);
  });

  it('escapes vCard text values', () => {
    const card = contactVcard(contact({ companyName: 'Lee, Sons; Co', notes: 'a\\b\nc' }));
    expect(card).toContain('ORG:Lee\\, Sons\\; Co\r\n');
    expect(card).toContain('NOTE:a\\\\b\\nc\r\n');
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann Lee\r\nN:Lee;Ann;;;\r\nEMAIL:ann@example.com\r\n')).toBe(true);
  });
});
