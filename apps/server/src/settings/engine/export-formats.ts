// The data export's file formats, pure: mbox entries (mboxrd), contacts as CSV (RFC 4180) and
// vCard 4.0 (RFC 6350). Nothing here reads the database or the disk.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** asctime-style date of an mbox separator line: 'Mon Jan  1 00:00:00 2001' (UTC). */
function asctime(date: Date): string {
  const time = date.toISOString().slice(11, 19);
  const day = String(date.getUTCDate()).padStart(2, ' ');
  return `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${day} ${time} ${date.getUTCFullYear()}`;
}

/**
 * One message as an mboxrd entry: the 'From sender date' separator, the message with LF line ends
 * and every line matching /^>*From / given one more '>' (Penman's mbox reader removes it), then a
 * blank line.
 */
export function mboxEntry(raw: Buffer, sender: string | null, date: Date | null): Buffer {
  const text = raw.toString('latin1').replace(/\r\n/g, '\n');
  const escaped = text.replace(/(^|\n)(>*From )/g, '$1>$2');
  const body = escaped.endsWith('\n') ? escaped : `${escaped}\n`;
  const from = (sender || 'MAILER-DAEMON').replace(/\s/g, '') || 'MAILER-DAEMON';
  return Buffer.from(`From ${from} ${asctime(date ?? new Date(0))}\n${body}\n`, 'latin1');
}

export type ExportContact = {
  emailAddress: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  companyName: string | null;
  jobTitle: string | null;
  department: string | null;
  phoneNumber: string | null;
  notes: string | null;
  isInternal: boolean;
  mailbox: string;
};

const CONTACT_CSV_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'display_name',
  'company',
  'job_title',
  'department',
  'phone',
  'notes',
  'internal',
  'mailbox',
] as const;

function csvField(value: string | null | boolean): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const contactsCsvHeader = () => `${CONTACT_CSV_COLUMNS.join(',')}\r\n`;

export function contactCsvRow(contact: ExportContact): string {
  return `${[
    contact.emailAddress,
    contact.firstName,
    contact.lastName,
    contact.displayName,
    contact.companyName,
    contact.jobTitle,
    contact.department,
    contact.phoneNumber,
    contact.notes,
    contact.isInternal,
    contact.mailbox,
  ]
    .map(csvField)
    .join(',')}\r\n`;
}

/** RFC 6350 text value escaping: backslash, comma, semicolon and new lines. */
const vcardText = (value: string) => value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');

export function contactVcard(contact: ExportContact): string {
  const fullName = contact.displayName || [contact.firstName, contact.lastName].filter(Boolean).join(' ') || contact.emailAddress;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${vcardText(fullName)}`,
    `N:${vcardText(contact.lastName ?? '')};${vcardText(contact.firstName ?? '')};;;`,
    `EMAIL:${vcardText(contact.emailAddress)}`,
  ];
  if (contact.companyName || contact.department) {
    lines.push(`ORG:${vcardText(contact.companyName ?? '')}${contact.department ? `;${vcardText(contact.department)}` : ''}`);
  }
  if (contact.jobTitle) lines.push(`TITLE:${vcardText(contact.jobTitle)}`);
  if (contact.phoneNumber) lines.push(`TEL:${vcardText(contact.phoneNumber)}`);
  if (contact.notes) lines.push(`NOTE:${vcardText(contact.notes)}`);
  lines.push('END:VCARD');
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name for a mailbox address inside the zip. */
export const mailboxFileName = (address: string) => address.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');
