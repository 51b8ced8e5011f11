import { describe, expect, it } from 'vitest';
import { gmailMailboxIdentity, imapMailboxIdentity } from './mailbox-identity.ts';

describe('mailbox identity', () => {
  it.each([
    [{ host: 'imap.example.org', port: 993, user: 'ada' }, 'imap imap.example.org:993 ada'],
    // One mailbox however its server and login are written.
    [{ host: ' IMAP.Example.org. ', port: 993, user: ' Ada ' }, 'imap imap.example.org:993 ada'],
    // Another port or login is another mailbox.
    [{ host: 'imap.example.org', port: 143, user: 'ada' }, 'imap imap.example.org:143 ada'],
    [{ host: 'outlook.office365.com', port: 993, user: 'Megan@Contoso.example' }, 'imap outlook.office365.com:993 megan@contoso.example'],
  ])('%o -> %s', (login, expected) => {
    expect(imapMailboxIdentity(login)).toBe(expected);
  });

  it('a Gmail mailbox by the address Google answered', () => {
    expect(gmailMailboxIdentity('Gus@Gmail.com')).toBe('gmail gus@gmail.com');
  });
});
