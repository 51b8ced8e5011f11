import { type MailPreset, type MailServer, type MailServerSecurity, mailPresetForHost } from '@penman/contract';

/** One SRV answer (RFC 2782), as node:dns gives it. */
export type SrvRecord = { name: string; port: number; priority: number; weight: number };
/** One MX answer, as node:dns gives it. */
export type MxRecord = { exchange: string; priority: number };

/** The SRV answers of a domain for the four RFC 6186 / RFC 8314 services; null = no record (NXDOMAIN, NODATA). */
export type MailSrvAnswers = {
  imaps: SrvRecord[] | null;
  imap: SrvRecord[] | null;
  submissions: SrvRecord[] | null;
  submission: SrvRecord[] | null;
};

export const SRV_SERVICES = {
  imaps: '_imaps._tcp',
  imap: '_imap._tcp',
  submissions: '_submissions._tcp',
  submission: '_submission._tcp',
} as const satisfies Record<keyof MailSrvAnswers, string>;

// RFC 1035 host names (letters, digits, hyphens; labels of 1-63, 253 in all): a DNS answer can carry any bytes.
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Whether a name from a DNS answer is a host name Penman may offer (not an IP literal, no odd bytes). */
export function isMailHostName(name: string): boolean {
  const host = name.toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  // One label is not a public host; all-digit last labels are IP literals.
  if (labels.length < 2 || /^\d+$/.test(labels.at(-1)!)) return false;
  return labels.every((label) => HOST_LABEL.test(label));
}

/**
 * The records in the order to try them: lowest priority first (RFC 2782); among equal priorities
 * the heaviest weight first, where RFC 2782 draws at random in proportion to weight: a suggestion
 * shown to a person should not change between two lookups.
 */
export function orderSrvRecords(records: readonly SrvRecord[]): SrvRecord[] {
  return [...records].sort((a, b) => a.priority - b.priority || b.weight - a.weight || a.name.localeCompare(b.name));
}

/**
 * The servers one service offers, best first, as candidates: `'not-offered'` when its only target
 * is "." (RFC 2782: the service is decidedly not available at this domain), [] when no record.
 */
export function srvCandidates(records: readonly SrvRecord[] | null, security: MailServerSecurity): MailServer[] | 'not-offered' {
  if (!records || records.length === 0) return [];
  if (records.some((record) => record.name === '.' || record.name === '')) return 'not-offered';
  return orderSrvRecords(records)
    .filter((record) => record.port > 0 && isMailHostName(record.name))
    .map((record) => ({ host: record.name.toLowerCase().replace(/\.$/, ''), port: record.port, security }));
}

/**
 * The IMAP and submission candidates a domain publishes, best first: implicit TLS before STARTTLS
 * (RFC 8314 section 5.1 prefers implicit TLS), each service's records in SRV order.
 */
export function mailServerCandidates(answers: MailSrvAnswers): { imap: MailServer[]; smtp: MailServer[] } {
  const both = (tls: MailServer[] | 'not-offered', starttls: MailServer[] | 'not-offered') => [
    ...(tls === 'not-offered' ? [] : tls),
    ...(starttls === 'not-offered' ? [] : starttls),
  ];
  return {
    imap: both(srvCandidates(answers.imaps, 'tls'), srvCandidates(answers.imap, 'starttls')),
    smtp: both(srvCandidates(answers.submissions, 'tls'), srvCandidates(answers.submission, 'starttls')),
  };
}

/** The provider whose servers receive the domain's mail (the most preferred MX that is a known provider's), or null. */
export function presetFromMx(records: readonly MxRecord[]): MailPreset | null {
  const ordered = [...records].sort((a, b) => a.priority - b.priority);
  for (const record of ordered) {
    const preset = mailPresetForHost(record.exchange);
    if (preset) return preset;
  }
  return null;
}
