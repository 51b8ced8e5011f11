import { describe, expect, it } from 'vitest';
import { accountCounterRows } from './account-counters.ts';

const imported = {
  contactsCount: 412,
  unreadEmailsCount: null,
  emailsWithAttachmentsCount: 301,
  trainingStatus: 'completed' as const,
  outgoingEmailsCount: 259,
  trainingEmailsCount: 0,
};

describe('accountCounterRows', () => {
  it('an imported file: no unread count, and the training figures under the Training screen’s labels', () => {
    expect(accountCounterRows(imported)).toEqual([
      { label: 'Contacts', value: '412' },
      { label: 'With attachments', value: '301' },
      { label: 'Training', value: 'AI Model Ready' },
      { label: 'Training Emails Available', value: '259', counts: 'sent emails to learn your style from' },
      { label: 'Downloaded for Training', value: '0', counts: 'received and sent emails of your training downloads' },
    ]);
  });

  it('a mailbox with a read state: unread, with a thousands separator', () => {
    const rows = accountCounterRows({ ...imported, unreadEmailsCount: 1997, trainingStatus: 'ready' });
    expect(rows).toContainEqual({ label: 'Unread', value: '1,997' });
    expect(rows).toContainEqual({ label: 'Training', value: 'Ready for Training' });
  });
});
