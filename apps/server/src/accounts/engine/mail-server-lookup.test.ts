import { describe, expect, it } from 'vitest';
import {
  isMailHostName,
  type MailSrvAnswers,
  type MxRecord,
  mailServerCandidates,
  orderSrvRecords,
  presetFromMx,
  type SrvRecord,
  srvCandidates,
} from './mail-server-lookup.ts';

const srv = (name: string, port: number, priority = 10, weight = 0): SrvRecord => ({ name, port, priority, weight });

describe('orderSrvRecords', () => {
  it.each<[string, SrvRecord[], string[]]>([
    ['lowest priority first', [srv('b.example.com', 993, 20), srv('a.example.com', 993, 10)], ['a.example.com', 'b.example.com']],
    [
      'heaviest weight first within a priority',
      [srv('light.example.com', 993, 10, 1), srv('heavy.example.com', 993, 10, 60), srv('backup.example.com', 993, 30, 100)],
      ['heavy.example.com', 'light.example.com', 'backup.example.com'],
    ],
    [
      'ties by name, so the answer never changes',
      [srv('z.example.com', 993), srv('m.example.com', 993)],
      ['m.example.com', 'z.example.com'],
    ],
  ])('%s', (_case, records, names) => {
    expect(orderSrvRecords(records).map((record) => record.name)).toEqual(names);
  });
});

describe('srvCandidates', () => {
  it.each<[string, SrvRecord[] | null, ReturnType<typeof srvCandidates>]>([
    ['no record', null, []],
    ['empty answer', [], []],
    ['target "." = not offered (RFC 2782)', [srv('.', 0, 0)], 'not-offered'],
    ['a trailing dot is dropped, case folded', [srv('IMAP.Example.COM.', 993)], [{ host: 'imap.example.com', port: 993, security: 'tls' }]],
    [
      'odd names and port 0 are skipped',
      [srv('bad_name.example.com', 993, 1), srv('127.0.0.1', 993, 2), srv('ok.example.com', 0, 3), srv('mail.example.com', 993, 4)],
      [{ host: 'mail.example.com', port: 993, security: 'tls' }],
    ],
  ])('%s', (_case, records, expected) => {
    expect(srvCandidates(records, 'tls')).toEqual(expected);
  });
});

describe('mailServerCandidates', () => {
  const none: MailSrvAnswers = { imaps: null, imap: null, submissions: null, submission: null };
  it.each<[string, Partial<MailSrvAnswers>, { imap: string[]; smtp: string[] }]>([
    ['nothing published', {}, { imap: [], smtp: [] }],
    [
      'implicit TLS before STARTTLS (RFC 8314)',
      { imap: [srv('plain.example.com', 143, 0)], imaps: [srv('tls.example.com', 993, 50)] },
      { imap: ['tls.example.com:993 tls', 'plain.example.com:143 starttls'], smtp: [] },
    ],
    [
      '_imaps not offered, _imap offered',
      { imaps: [srv('.', 0)], imap: [srv('imap.example.com', 143)], submission: [srv('smtp.example.com', 587)] },
      { imap: ['imap.example.com:143 starttls'], smtp: ['smtp.example.com:587 starttls'] },
    ],
    [
      'submissions and submission',
      { submissions: [srv('smtp.example.com', 465)], submission: [srv('smtp.example.com', 587)] },
      { imap: [], smtp: ['smtp.example.com:465 tls', 'smtp.example.com:587 starttls'] },
    ],
  ])('%s', (_case, answers, expected) => {
    const found = mailServerCandidates({ ...none, ...answers });
    const show = (servers: { host: string; port: number; security: string }[]) => servers.map((s) => `${s.host}:${s.port} ${s.security}`);
    expect({ imap: show(found.imap), smtp: show(found.smtp) }).toEqual(expected);
  });
});

describe('presetFromMx', () => {
  const mx = (exchange: string, priority = 10): MxRecord => ({ exchange, priority });
  it.each<[string, MxRecord[], string | null]>([
    ['Google Workspace', [mx('aspmx.l.google.com', 1), mx('alt1.aspmx.l.google.com', 5)], 'gmail'],
    ['Microsoft 365', [mx('contoso-com.mail.protection.outlook.com', 0)], 'microsoft'],
    ['Yahoo', [mx('mta7.am0.yahoodns.net', 1)], 'yahoo'],
    ['Fastmail', [mx('in1-smtp.messagingengine.com', 10), mx('in2-smtp.messagingengine.com', 20)], 'fastmail'],
    ['Zoho', [mx('mx.zoho.eu', 10)], 'zoho'],
    ['iCloud custom domain', [mx('mx01.mail.icloud.com', 10)], 'icloud'],
    ['Proton custom domain', [mx('mail.protonmail.ch', 10)], 'proton-bridge'],
    [
      'the most preferred known MX wins',
      [mx('backup.example.org', 1), mx('aspmx.l.google.com', 5), mx('mta7.am0.yahoodns.net', 9)],
      'gmail',
    ],
    ['own servers', [mx('mail.example.org', 10)], null],
    ['no MX', [], null],
  ])('%s', (_case, records, id) => {
    expect(presetFromMx(records)?.id ?? null).toBe(id);
  });
});

describe('isMailHostName', () => {
  it.each<[string, boolean]>([
    ['imap.example.com', true],
    ['imap.example.com.', true],
    ['xn--bcher-kva.example', true],
    ['localhost', false],
    ['10.0.0.1', false],
    ['-bad.example.com', false],
    ['a b.example.com', false],
    ['', false],
    [`${'a'.repeat(64)}.example.com`, false],
  ])('%s → %s', (name, ok) => {
    expect(isMailHostName(name)).toBe(ok);
  });
});
