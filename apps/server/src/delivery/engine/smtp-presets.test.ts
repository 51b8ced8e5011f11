import { describe, expect, it } from 'vitest';
import { smtpPreset } from './smtp-presets.ts';

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
