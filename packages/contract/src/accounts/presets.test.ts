import { describe, expect, it } from 'vitest';
import {
  appPasswordPresetFor,
  MAIL_PRESET_IDS,
  MAIL_PRESETS,
  type MailPresetId,
  mailPresetById,
  mailPresetForAddress,
  mailPresetForHost,
  PRESET_MESSAGES,
} from './presets.ts';

describe('MAIL_PRESETS', () => {
  it.each<[MailPresetId, string | null, number | null, string | null, string | null, number | null, string | null, boolean]>([
    ['yahoo', 'imap.mail.yahoo.com', 993, 'tls', 'smtp.mail.yahoo.com', 465, 'tls', true],
    ['icloud', 'imap.mail.me.com', 993, 'tls', 'smtp.mail.me.com', 587, 'starttls', true],
    ['fastmail', 'imap.fastmail.com', 993, 'tls', 'smtp.fastmail.com', 465, 'tls', true],
    ['gmx', 'imap.gmx.net', 993, 'tls', 'mail.gmx.net', 587, 'starttls', false],
    ['zoho', 'imap.zoho.com', 993, 'tls', 'smtp.zoho.com', 465, 'tls', true],
    ['aol', 'imap.aol.com', 993, 'tls', 'smtp.aol.com', 465, 'tls', true],
    ['proton-bridge', '127.0.0.1', 1143, 'starttls', '127.0.0.1', 1025, 'starttls', true],
    ['gmail', 'imap.gmail.com', 993, 'tls', 'smtp.gmail.com', 465, 'tls', true],
    ['microsoft', 'outlook.office365.com', 993, 'tls', 'smtp.office365.com', 587, 'starttls', false],
    ['other', null, null, null, null, null, null, false],
  ])(
    '%s: IMAP %s:%s (%s), SMTP %s:%s (%s), app password %s',
    (id, imapHost, imapPort, imapSecurity, smtpHost, smtpPort, smtpSecurity, app) => {
      const preset = mailPresetById(id);
      expect(preset.imap).toEqual(imapHost ? { host: imapHost, port: imapPort, security: imapSecurity } : null);
      expect(preset.smtp).toEqual(smtpHost ? { host: smtpHost, port: smtpPort, security: smtpSecurity } : null);
      expect(preset.needsAppPassword).toBe(app);
      // Every provider that needs an app password says where to make one.
      if (app) expect(preset.appPasswordUrl).toMatch(/^https:\/\//);
    },
  );

  it('has one entry per id, in the order of MAIL_PRESET_IDS, and ends with Other', () => {
    expect(MAIL_PRESETS.map((preset) => preset.id)).toEqual([...MAIL_PRESET_IDS]);
    expect(MAIL_PRESETS.at(-1)?.id).toBe('other');
  });

  it('never uses port 993 with STARTTLS nor another IMAP port with implicit TLS (the IMAP connector decides by the port)', () => {
    for (const { imap } of MAIL_PRESETS) if (imap) expect(imap.security === 'tls').toBe(imap.port === 993);
  });
});

describe('mailPresetForAddress', () => {
  it.each<[string, MailPresetId | null]>([
    ['me@yahoo.com', 'yahoo'],
    ['me@Yahoo.co.uk', 'yahoo'],
    ['me@ymail.com', 'yahoo'],
    ['me@icloud.com', 'icloud'],
    ['me@me.com', 'icloud'],
    ['me@mac.com', 'icloud'],
    ['me@fastmail.com', 'fastmail'],
    ['me@fastmail.fm', 'fastmail'],
    ['me@gmx.de', 'gmx'],
    ['me@gmx.net', 'gmx'],
    ['me@zoho.com', 'zoho'],
    ['me@aol.com', 'aol'],
    ['me@proton.me', 'proton-bridge'],
    ['me@pm.me', 'proton-bridge'],
    ['me@gmail.com', 'gmail'],
    ['me@googlemail.com', 'gmail'],
    ['me@outlook.com', 'microsoft'],
    ['me@hotmail.co.uk', 'microsoft'],
    ['me@live.fr', 'microsoft'],
    ['me@example.org', null],
    // Look-alikes are not the provider.
    ['me@notyahoo.com', null],
    ['me@yahoo.com.evil.example', null],
    ['me@gmail.com.example', null],
    ['nobody', null],
  ])('%s → %s', (address, id) => {
    expect(mailPresetForAddress(address)?.id ?? null).toBe(id);
  });
});

describe('mailPresetForHost', () => {
  it.each<[string, MailPresetId | null]>([
    ['imap.mail.yahoo.com', 'yahoo'],
    ['mta5.am0.yahoodns.net.', 'yahoo'],
    ['outlook.office365.com', 'microsoft'],
    ['contoso-com.mail.protection.outlook.com', 'microsoft'],
    ['aspmx.l.google.com', 'gmail'],
    ['in1-smtp.messagingengine.com', 'fastmail'],
    ['mx.zoho.eu', 'zoho'],
    ['mx01.mail.icloud.com', 'icloud'],
    ['mail.protonmail.ch', 'proton-bridge'],
    ['mail.example.org', null],
    ['evilgoogle.com', null],
  ])('%s → %s', (host, id) => {
    expect(mailPresetForHost(host)?.id ?? null).toBe(id);
  });
});

describe('PRESET_MESSAGES.needsAppPassword', () => {
  it('names the provider and links its page', () => {
    expect(PRESET_MESSAGES.needsAppPassword(mailPresetById('yahoo'))).toBe(
      'This provider needs an app password: Yahoo Mail refused the password. Make an app password (https://help.yahoo.com/kb/SLN15241.html) and use it instead of your account password.',
    );
  });
});

describe('appPasswordPresetFor', () => {
  it.each<[string, string, MailPresetId | null]>([
    ['me@yahoo.com', 'imap.mail.yahoo.com', 'yahoo'],
    ['me@own-domain.example', 'imap.mail.me.com', 'icloud'],
    ['me@fastmail.com', 'smtp.fastmail.com', 'fastmail'],
    ['me@proton.me', '127.0.0.1', 'proton-bridge'],
    ['me@gmail.com', 'imap.gmail.com', 'gmail'],
    // The server is not the provider's: the provider did not refuse anything.
    ['me@yahoo.com', 'mail.example.org', null],
    ['me@example.org', '127.0.0.1', null],
    // Providers that take the account password (or none at all).
    ['me@gmx.net', 'imap.gmx.net', null],
    ['me@outlook.com', 'outlook.office365.com', null],
  ])('%s on %s → %s', (emailAddress, host, id) => {
    expect(appPasswordPresetFor({ emailAddress, host })?.id ?? null).toBe(id);
  });
});
