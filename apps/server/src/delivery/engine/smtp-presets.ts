import type { SmtpSecurity } from '@penman/contract';

export type SmtpPreset = { host: string; port: number; security: SmtpSecurity };

/** Providers' SMTP submission servers, by the domain of the address (or the IMAP host). */
const PRESETS: { match: RegExp; preset: SmtpPreset }[] = [
  {
    match: /(^|\.)(outlook\.com|hotmail\.[a-z.]+|live\.[a-z.]+|msn\.com|office365\.com|outlook\.office365\.com)$/i,
    preset: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
  },
  { match: /(^|\.)(yahoo\.[a-z.]+|ymail\.com)$/i, preset: { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' } },
  { match: /(^|\.)(icloud\.com|me\.com|mac\.com|mail\.me\.com)$/i, preset: { host: 'smtp.mail.me.com', port: 587, security: 'starttls' } },
  { match: /(^|\.)(fastmail\.(com|fm)|messagingengine\.com)$/i, preset: { host: 'smtp.fastmail.com', port: 465, security: 'tls' } },
  { match: /(^|\.)(gmx\.(net|de|com|at|ch))$/i, preset: { host: 'mail.gmx.net', port: 587, security: 'starttls' } },
];

/**
 * The SMTP server to suggest for an account: the provider's when the address or the IMAP host is
 * one of theirs (Office 365 and Exchange Online mailboxes use outlook.office365.com for IMAP), else
 * the IMAP host on the submission port with STARTTLS.
 */
export function smtpPreset({ emailAddress, imapHost }: { emailAddress: string; imapHost: string }): SmtpPreset {
  const domain = emailAddress.slice(emailAddress.lastIndexOf('@') + 1).toLowerCase();
  for (const { match, preset } of PRESETS) if (match.test(domain) || match.test(imapHost)) return preset;
  return { host: imapHost, port: 587, security: 'starttls' };
}
