import { describe, expect, it } from 'vitest';
import { repliesSection, type SmtpForm, smtpFieldErrors, smtpFormFrom, smtpInputFrom, withSecurity } from './smtp-form.ts';

const form = (changes: Partial<SmtpForm> = {}): SmtpForm => ({
  host: 'smtp.example.com',
  port: '587',
  security: 'starttls',
  username: 'ada@example.com',
  useImapPassword: true,
  password: '',
  ...changes,
});

describe('the SMTP form of the account card', () => {
  it("starts from the server's settings, without a password", () => {
    expect(
      smtpFormFrom({
        host: 'smtp.office365.com',
        port: 587,
        security: 'starttls',
        username: 'ada@contoso.com',
        usesImapPassword: false,
        saved: true,
      }),
    ).toEqual({
      host: 'smtp.office365.com',
      port: '587',
      security: 'starttls',
      username: 'ada@contoso.com',
      useImapPassword: false,
      password: '',
    });
  });

  it('"Use the IMAP password" sends no password; a password of its own is sent as typed', () => {
    expect(smtpInputFrom(form({ host: ' smtp.example.com ', username: ' ada@example.com ' }))).toEqual({
      ok: true,
      smtp: { host: 'smtp.example.com', port: 587, security: 'starttls', username: 'ada@example.com', password: null },
    });
    expect(smtpInputFrom(form({ useImapPassword: false, password: ' s3cret ' }))).toMatchObject({
      ok: true,
      smtp: { password: ' s3cret ' },
    });
  });

  it.each([
    ['no host', { host: '  ' }, 'host'],
    ['a host with a space', { host: 'smtp example.com' }, 'host'],
    ['port 0', { port: '0' }, 'port'],
    ['port 65536', { port: '65536' }, 'port'],
    ['a port in words', { port: 'five' }, 'port'],
    ['a negative port', { port: '-25' }, 'port'],
    ['no username', { username: '' }, 'username'],
    ['no password and not the IMAP one', { useImapPassword: false, password: '' }, 'password'],
    ['a NUL in the password', { useImapPassword: false, password: 'a\u0000b' }, 'password'],
  ] as const)('%s is refused on its field', (_name, changes, field) => {
    const checked = smtpInputFrom(form(changes));
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : Object.keys(checked.errors)).toEqual([field]);
  });

  it("switching the security moves the port only from the other's usual one", () => {
    expect(withSecurity(form({ port: '587' }), 'tls').port).toBe('465');
    expect(withSecurity(form({ port: '465', security: 'tls' }), 'starttls').port).toBe('587');
    expect(withSecurity(form({ port: '' }), 'tls').port).toBe('465');
    expect(withSecurity(form({ port: '2525' }), 'tls')).toMatchObject({ port: '2525', security: 'tls' });
  });

  it("the server's field errors land on the fields, with or without the smtp. prefix", () => {
    expect(smtpFieldErrors({ 'smtp.host': 'Unknown host', port: 'Bad port', mode: 'ignored' })).toEqual({
      host: 'Unknown host',
      port: 'Bad port',
    });
    expect(smtpFieldErrors(undefined)).toEqual({});
  });
});

describe('the Replies section of each kind of account', () => {
  const smtp = { host: 'localhost', port: 587, security: 'starttls' as const, username: 'ada', usesImapPassword: true, saved: false };
  it.each([
    [
      'an imported file',
      { canDeliver: false, canCompose: false, smtp: null },
      { modes: false, reconnect: false, smtp: false, imported: true },
    ],
    [
      'Gmail read-only',
      { canDeliver: true, canCompose: false, smtp: null },
      { modes: true, reconnect: true, smtp: false, imported: false },
    ],
    [
      'Gmail with compose',
      { canDeliver: true, canCompose: true, smtp: null },
      { modes: true, reconnect: false, smtp: false, imported: false },
    ],
    ['IMAP', { canDeliver: true, canCompose: true, smtp }, { modes: true, reconnect: false, smtp: true, imported: false }],
  ] as const)('%s', (_name, settings, shown) => {
    expect(repliesSection(settings)).toEqual({ ...shown, microsoftSmtp: false });
  });

  // Issue 22: Microsoft's SMTP server is the operator's setting and the login is the Microsoft sign-in,
  // so an outlook account shows where replies go, not a form whose check and save the server refuses.
  it('Microsoft 365 / Outlook: where replies are sent, no SMTP form', () => {
    const microsoft = { ...smtp, host: 'smtp.office365.com', port: 587, username: 'megan@contoso.com' };
    expect(repliesSection({ canDeliver: true, canCompose: true, smtp: microsoft }, 'outlook')).toEqual({
      modes: true,
      reconnect: false,
      smtp: false,
      microsoftSmtp: true,
      imported: false,
    });
  });
});
