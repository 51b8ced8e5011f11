import { describe, expect, it } from 'vitest';
import { imapPasswordMayGoTo, smtpPreset } from './smtp-presets.ts';

describe('smtpPreset', () => {
  it.each([
    ['me@outlook.com', 'outlook.office365.com', { host: 'smtp.office365.com', port: 587, security: 'starttls' }],
    ['me@hotmail.co.uk', 'outlook.office365.com', { host: 'smtp.office365.com', port: 587, security: 'starttls' }],
    ['me@live.com', 'imap-mail.outlook.com', { host: 'smtp.office365.com', port: 587, security: 'starttls' }],
    ['me@contoso.com', 'outlook.office365.com', { host: 'smtp.office365.com', port: 587, security: 'starttls' }],
    ['me@yahoo.com', 'imap.mail.yahoo.com', { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' }],
    ['me@icloud.com', 'imap.mail.me.com', { host: 'smtp.mail.me.com', port: 587, security: 'starttls' }],
    ['me@fastmail.com', 'imap.fastmail.com', { host: 'smtp.fastmail.com', port: 465, security: 'tls' }],
    ['me@gmx.net', 'imap.gmx.net', { host: 'mail.gmx.net', port: 587, security: 'starttls' }],
    ['me@gmx.com', 'imap.gmx.com', { host: 'mail.gmx.net', port: 587, security: 'starttls' }],
    // From the presets table (issue 22): every provider of the IMAP form's select has its SMTP server.
    ['me@aol.com', 'imap.aol.com', { host: 'smtp.aol.com', port: 465, security: 'tls' }],
    ['me@zoho.com', 'imap.zoho.com', { host: 'smtp.zoho.com', port: 465, security: 'tls' }],
    ['me@gmail.com', 'imap.gmail.com', { host: 'smtp.gmail.com', port: 465, security: 'tls' }],
    ['me@proton.me', '127.0.0.1', { host: '127.0.0.1', port: 1025, security: 'starttls' }],
    ['me@own-domain.example', 'imap.mail.me.com', { host: 'smtp.mail.me.com', port: 587, security: 'starttls' }],
    ['me@example.org', 'mail.example.org', { host: 'mail.example.org', port: 587, security: 'starttls' }],
  ])('%s (IMAP %s)', (emailAddress, imapHost, expected) => {
    expect(smtpPreset({ emailAddress, imapHost })).toEqual(expected);
  });
});

describe('imapPasswordMayGoTo', () => {
  it.each([
    // The IMAP server itself, however the name is written.
    ['me@example.org', 'mail.example.org', 'mail.example.org', true],
    ['me@example.org', 'mail.example.org', 'MAIL.Example.org.', true],
    // The provider's SMTP server, by the address or by the IMAP server.
    ['me@gmail.com', 'imap.gmail.com', 'smtp.gmail.com', true],
    ['me@contoso.com', 'outlook.office365.com', 'smtp.office365.com', true],
    ['me@proton.me', '127.0.0.1', '127.0.0.1', true],
    // Anything else: another provider's server, a look-alike, an address the caller names.
    ['me@gmail.com', 'imap.gmail.com', 'smtp.mail.yahoo.com', false],
    ['me@example.org', 'mail.example.org', 'smtp.example.org', false],
    ['me@example.org', 'mail.example.org', 'mail.example.org.evil.test', false],
    ['me@example.org', 'localhost', '127.0.0.1', false],
    ['me@example.org', 'mail.example.org', '203.0.113.9', false],
  ])('%s (IMAP %s) -> %s: %s', (emailAddress, imapHost, smtpHost, expected) => {
    expect(imapPasswordMayGoTo({ emailAddress, imapHost, smtpHost })).toBe(expected);
  });
});
