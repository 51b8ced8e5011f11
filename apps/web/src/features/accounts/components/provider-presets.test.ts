import type { MailServerLookupResponse } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { PRESET_OPTIONS, presetHelp, serverFieldsFor, suggestionFrom } from './provider-presets.ts';

describe('the provider select of the IMAP form', () => {
  it('offers every preset, Other last', () => {
    expect(PRESET_OPTIONS.map((option) => option.name)).toEqual([
      'Yahoo Mail',
      'iCloud Mail',
      'Fastmail',
      'GMX',
      'Zoho Mail',
      'AOL Mail',
      'Proton Mail Bridge',
      'Gmail (app password)',
      'Microsoft 365 / Outlook.com',
      'Other',
    ]);
  });

  it.each([
    ['yahoo', { serverUrl: 'imap.mail.yahoo.com', port: '993' }],
    ['icloud', { serverUrl: 'imap.mail.me.com', port: '993' }],
    ['proton-bridge', { serverUrl: '127.0.0.1', port: '1143' }],
    ['gmail', { serverUrl: 'imap.gmail.com', port: '993' }],
    ['other', { serverUrl: '', port: '' }],
  ] as const)('%s fills %o', (id, fields) => {
    expect(serverFieldsFor(id)).toEqual(fields);
  });

  it('shows the app-password note with the link to the provider page where one is needed', () => {
    expect(presetHelp('yahoo')).toEqual({
      note: 'Yahoo refuses your account password here: make an app password in Yahoo Account security and use it instead.',
      link: { href: 'https://help.yahoo.com/kb/SLN15241.html', label: 'How to make an app password for Yahoo Mail' },
    });
    expect(presetHelp('gmx')?.link).toBeNull();
    expect(presetHelp('microsoft')?.note).toContain('choose "Microsoft 365 / Outlook" instead');
    expect(presetHelp('')).toBeNull();
  });
});

describe('the suggestion from an address typed first', () => {
  const answer = (fields: Partial<MailServerLookupResponse>): MailServerLookupResponse => ({
    source: 'none',
    presetId: null,
    imap: null,
    smtp: null,
    dnsUnavailable: false,
    ...fields,
  });

  it('a known provider (by domain or MX) is chosen and fills the server', () => {
    expect(suggestionFrom(answer({ source: 'preset', presetId: 'icloud' }))).toEqual({
      choice: 'icloud',
      fields: { serverUrl: 'imap.mail.me.com', port: '993' },
      status: 'Settings for iCloud Mail filled in from your address.',
    });
    expect(suggestionFrom(answer({ source: 'mx', presetId: 'fastmail' }))).toMatchObject({
      choice: 'fastmail',
      fields: { serverUrl: 'imap.fastmail.com', port: '993' },
    });
  });

  it('the servers a domain publishes fill the fields under Other', () => {
    expect(suggestionFrom(answer({ source: 'srv', imap: { host: 'imap.example.org', port: 993, security: 'tls' } }))).toEqual({
      choice: 'other',
      fields: { serverUrl: 'imap.example.org', port: '993' },
      status: "Server filled in from your domain's mail settings (DNS).",
    });
  });

  it('nothing changes when DNS could not be reached or found nothing, and the form says which', () => {
    expect(suggestionFrom(answer({ dnsUnavailable: true }))).toEqual({
      choice: null,
      fields: null,
      status: 'This server could not reach DNS to look up your mail server: choose your provider or enter the server yourself.',
    });
    expect(suggestionFrom(answer({}))).toEqual({
      choice: null,
      fields: null,
      status: 'No mail server settings were found for this domain: enter the server your provider gives for IMAP.',
    });
  });
});
