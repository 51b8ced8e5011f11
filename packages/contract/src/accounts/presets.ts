import { z } from 'zod';
import { ZEmail } from '../auth/schemas.ts';

/** How a connection is secured: implicit TLS from the first byte, or STARTTLS before the login. Never plain. */
export const MAIL_SERVER_SECURITY = ['tls', 'starttls'] as const;
export type MailServerSecurity = (typeof MAIL_SERVER_SECURITY)[number];

export const ZMailServer = z.object({
  host: z.string(),
  port: z.number().int().min(1).max(65535),
  security: z.enum(MAIL_SERVER_SECURITY),
});
export type MailServer = z.infer<typeof ZMailServer>;

export const MAIL_PRESET_IDS = [
  'yahoo',
  'icloud',
  'fastmail',
  'gmx',
  'zoho',
  'aol',
  'proton-bridge',
  'gmail',
  'microsoft',
  'other',
] as const;
export type MailPresetId = (typeof MAIL_PRESET_IDS)[number];

export type MailPreset = {
  id: MailPresetId;
  /** What the provider select shows. */
  name: string;
  /** Address domains it serves; `yahoo.*` is yahoo. followed by any top-level domain (yahoo.co.uk). */
  domains: readonly string[];
  /** Host names (and their subdomains) that are this provider's servers: its IMAP host, its MX hosts. */
  serverHosts: readonly string[];
  imap: MailServer | null;
  smtp: MailServer | null;
  /** The provider refuses the account password over IMAP/SMTP: an app password (or Bridge's password) is needed. */
  needsAppPassword: boolean;
  /** The provider's page that says how to make one. */
  appPasswordUrl: string | null;
  /** One or two short sentences shown under the select. */
  note: string;
};

/**
 * Every provider Penman has settings for, in the order the select shows them. Hosts and ports are
 * the ones the providers publish; the help page noted above each entry is where to check them.
 */
export const MAIL_PRESETS: readonly MailPreset[] = [
  // https://help.yahoo.com/kb/SLN4075.html (IMAP server settings), https://help.yahoo.com/kb/SLN15241.html (app passwords)
  {
    id: 'yahoo',
    name: 'Yahoo Mail',
    domains: ['yahoo.*', 'ymail.com', 'rocketmail.com'],
    serverHosts: ['mail.yahoo.com', 'yahoodns.net'],
    imap: { host: 'imap.mail.yahoo.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' },
    needsAppPassword: true,
    appPasswordUrl: 'https://help.yahoo.com/kb/SLN15241.html',
    note: 'Yahoo refuses your account password here: make an app password in Yahoo Account security and use it instead.',
  },
  // https://support.apple.com/en-us/102525 (iCloud Mail server settings), https://support.apple.com/en-us/102654 (app-specific passwords)
  {
    id: 'icloud',
    name: 'iCloud Mail',
    domains: ['icloud.com', 'me.com', 'mac.com'],
    serverHosts: ['mail.me.com', 'mail.icloud.com'],
    imap: { host: 'imap.mail.me.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.mail.me.com', port: 587, security: 'starttls' },
    needsAppPassword: true,
    appPasswordUrl: 'https://support.apple.com/en-us/102654',
    note: 'iCloud needs an app-specific password (Apple Account > Sign-In and Security); your Apple Account password does not work here.',
  },
  // https://www.fastmail.com/help/technical/servernamesandports.html (both the servers and "you will need an app password")
  {
    id: 'fastmail',
    name: 'Fastmail',
    domains: ['fastmail.com', 'fastmail.fm'],
    serverHosts: ['fastmail.com', 'messagingengine.com'],
    imap: { host: 'imap.fastmail.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.fastmail.com', port: 465, security: 'tls' },
    needsAppPassword: true,
    appPasswordUrl: 'https://www.fastmail.help/hc/en-us/articles/360058752854',
    note: 'Fastmail needs an app password (Settings > Privacy & Security > Manage app passwords).',
  },
  // https://support.gmx.com/pop-imap/imap/windowsmail.html and https://hilfe.gmx.net/pop-imap/imap/imap-serverdaten.html
  {
    id: 'gmx',
    name: 'GMX',
    domains: ['gmx.net', 'gmx.de', 'gmx.at', 'gmx.ch', 'gmx.com'],
    serverHosts: ['gmx.net', 'gmx.com'],
    imap: { host: 'imap.gmx.net', port: 993, security: 'tls' },
    smtp: { host: 'mail.gmx.net', port: 587, security: 'starttls' },
    needsAppPassword: false,
    appPasswordUrl: null,
    note: 'Turn on "POP3/IMAP access" in the GMX settings first. GMX.com addresses use imap.gmx.com.',
  },
  // https://www.zoho.com/mail/help/imap-access.html, https://www.zoho.com/mail/help/adminconsole/two-factor-authentication.html
  {
    id: 'zoho',
    name: 'Zoho Mail',
    domains: ['zoho.com', 'zohomail.com', 'zoho.eu', 'zohomail.eu'],
    serverHosts: ['zoho.com', 'zoho.eu', 'zoho.in', 'zoho.com.au'],
    imap: { host: 'imap.zoho.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.zoho.com', port: 465, security: 'tls' },
    needsAppPassword: true,
    appPasswordUrl: 'https://www.zoho.com/mail/help/adminconsole/two-factor-authentication.html',
    note: 'Turn on IMAP access in Zoho Mail settings; with two-factor sign-in, use an application-specific password. Addresses on your own domain use imappro.zoho.com.',
  },
  // https://help.aol.com/articles/how-do-i-use-other-email-applications-to-send-and-receive-my-aol-mail, https://help.aol.com/articles/Create-and-manage-app-password
  {
    id: 'aol',
    name: 'AOL Mail',
    domains: ['aol.com', 'aim.com', 'aol.co.uk'],
    serverHosts: ['aol.com'],
    imap: { host: 'imap.aol.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.aol.com', port: 465, security: 'tls' },
    needsAppPassword: true,
    appPasswordUrl: 'https://help.aol.com/articles/Create-and-manage-app-password',
    note: 'AOL refuses your account password here: make an app password in AOL Account security and use it instead.',
  },
  // https://proton.me/support/imap-smtp-and-pop3-setup (Bridge's defaults: IMAP 1143 and SMTP 1025 on 127.0.0.1, STARTTLS, its own certificate)
  {
    id: 'proton-bridge',
    name: 'Proton Mail Bridge',
    domains: ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'],
    serverHosts: ['protonmail.ch'],
    imap: { host: '127.0.0.1', port: 1143, security: 'starttls' },
    smtp: { host: '127.0.0.1', port: 1025, security: 'starttls' },
    needsAppPassword: true,
    appPasswordUrl: 'https://proton.me/support/imap-smtp-and-pop3-setup',
    note: "Proton Mail Bridge must run on the same machine as Penman: use the password Bridge shows, not your Proton password. Bridge's certificate must be trusted: export it from Bridge and start Penman with NODE_EXTRA_CA_CERTS naming the file.",
  },
  // https://support.google.com/mail/answer/7126229 (IMAP), https://support.google.com/accounts/answer/185833 (app passwords)
  {
    id: 'gmail',
    name: 'Gmail (app password)',
    domains: ['gmail.com', 'googlemail.com'],
    serverHosts: ['gmail.com', 'google.com', 'googlemail.com'],
    imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.gmail.com', port: 465, security: 'tls' },
    needsAppPassword: true,
    appPasswordUrl: 'https://support.google.com/accounts/answer/185833',
    note: 'Google accepts only an app password here (needs 2-Step Verification). The Gmail choice signs in with Google instead.',
  },
  // https://support.microsoft.com/en-us/office/pop-imap-and-smtp-settings-for-outlook-com-d088b986-291d-42b8-9564-9c414e2aa040
  {
    id: 'microsoft',
    name: 'Microsoft 365 / Outlook.com',
    domains: ['outlook.*', 'hotmail.*', 'live.*', 'msn.com'],
    serverHosts: ['office365.com', 'outlook.com'],
    imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
    needsAppPassword: false,
    appPasswordUrl: null,
    note: 'Microsoft has turned off password sign-in for IMAP: choose "Microsoft 365 / Outlook" instead, which signs in with Microsoft.',
  },
  {
    id: 'other',
    name: 'Other',
    domains: [],
    serverHosts: [],
    imap: null,
    smtp: null,
    needsAppPassword: false,
    appPasswordUrl: null,
    note: 'Enter the server your provider gives for IMAP.',
  },
];

const byId = new Map(MAIL_PRESETS.map((preset) => [preset.id, preset]));
export const mailPresetById = (id: MailPresetId): MailPreset => byId.get(id)!;

const domainMatches = (domain: string, pattern: string) =>
  pattern.endsWith('.*')
    ? new RegExp(`(^|\\.)${pattern.slice(0, -2).replace(/\./g, '\\.')}\\.[a-z]{2,}(\\.[a-z]{2,})?$`).test(domain)
    : domain === pattern || domain.endsWith(`.${pattern}`);

/** The preset of the provider an address belongs to, by its domain (case-insensitive), or null. */
export function mailPresetForAddress(emailAddress: string): MailPreset | null {
  const domain = emailAddress
    .slice(emailAddress.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  if (!domain) return null;
  return MAIL_PRESETS.find((preset) => preset.domains.some((pattern) => domainMatches(domain, pattern))) ?? null;
}

/** The preset whose servers include this host name (an IMAP host, an MX host), or null. A trailing dot is ignored. */
export function mailPresetForHost(host: string): MailPreset | null {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  if (!name) return null;
  return MAIL_PRESETS.find((preset) => preset.serverHosts.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) ?? null;
}

/**
 * The provider behind a mail server the user logs in to, when that provider refuses account
 * passwords (for the "needs an app password" answer to an AUTH failure): known by the server's host,
 * or by the address when the server is the one its provider's preset names (Proton Bridge's 127.0.0.1).
 */
export function appPasswordPresetFor({ emailAddress, host }: { emailAddress: string; host: string }): MailPreset | null {
  const name = host.trim().toLowerCase();
  const byAddress = mailPresetForAddress(emailAddress);
  const preset =
    mailPresetForHost(name) ?? (byAddress && (byAddress.imap?.host === name || byAddress.smtp?.host === name) ? byAddress : null);
  return preset?.needsAppPassword ? preset : null;
}

/** DNS lookups (SRV, MX) one user may start a minute: each asks up to about 17 questions of DNS. */
export const MAIL_SERVER_LOOKUPS_PER_MINUTE = 20;

export const PRESET_MESSAGES = {
  /** An AUTH failure from a provider that refuses account passwords. */
  needsAppPassword: (preset: Pick<MailPreset, 'name' | 'appPasswordUrl'>) =>
    `This provider needs an app password: ${preset.name} refused the password. Make an app password${
      preset.appPasswordUrl ? ` (${preset.appPasswordUrl})` : ''
    } and use it instead of your account password.`,
  dnsUnavailable: 'This server could not reach DNS to look up your mail server: choose your provider or enter the server yourself.',
  notFound: 'No mail server settings were found for this domain: enter the server your provider gives for IMAP.',
  /** Past MAIL_SERVER_LOOKUPS_PER_MINUTE DNS lookups a minute for one user. */
  rateLimited: 'Too many mail server lookups in a minute: choose your provider or enter the server yourself.',
} as const;

/** The provider select of the IMAP form and what it says. */
export const PRESET_LABELS = {
  provider: 'Provider',
  chooseProvider: 'Choose your provider',
  providerHint: 'Fills in the server and port; the reply settings follow.',
  appPasswordLink: (name: string) => `How to make an app password for ${name}`,
  helpLink: (name: string) => `${name} help`,
  suggested: (name: string) => `Settings for ${name} filled in from your address.`,
  foundInDns: "Server filled in from your domain's mail settings (DNS).",
} as const;

export const ZMailServerLookupQuery = z.object({ email: ZEmail });
export type MailServerLookupQuery = z.infer<typeof ZMailServerLookupQuery>;

/** Where the suggestion came from: the presets table, the domain's SRV records (RFC 6186), its MX hosts, or nothing found. */
export const MAIL_SERVER_LOOKUP_SOURCES = ['preset', 'srv', 'mx', 'none'] as const;

export const ZMailServerLookupResponse = z.object({
  source: z.enum(MAIL_SERVER_LOOKUP_SOURCES),
  /** The provider's preset (source preset or mx; for srv when the servers are a known provider's). */
  presetId: z.enum(MAIL_PRESET_IDS).nullable(),
  imap: ZMailServer.nullable(),
  smtp: ZMailServer.nullable(),
  /** DNS could not be reached (timeout, no resolver): nothing is known about the domain. */
  dnsUnavailable: z.boolean(),
});
export type MailServerLookupResponse = z.infer<typeof ZMailServerLookupResponse>;
