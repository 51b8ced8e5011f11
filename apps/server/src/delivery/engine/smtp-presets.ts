import { mailPresetForAddress, mailPresetForHost, type SmtpSecurity } from '@penman/contract';

export type SmtpPreset = { host: string; port: number; security: SmtpSecurity };

/**
 * The SMTP server to suggest for an account, from the one presets table (MAIL_PRESETS): the
 * provider's when the address or the IMAP host is one of theirs (Office 365 and Exchange Online
 * mailboxes on their own domains use outlook.office365.com for IMAP), else the IMAP host on the
 * submission port with STARTTLS.
 */
export function smtpPreset({ emailAddress, imapHost }: { emailAddress: string; imapHost: string }): SmtpPreset {
  const smtp = (mailPresetForAddress(emailAddress) ?? mailPresetForHost(imapHost))?.smtp;
  return smtp ? { ...smtp } : { host: imapHost, port: 587, security: 'starttls' };
}

const hostName = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/**
 * Whether an account's IMAP password may be sent to `smtpHost` (SMTP settings without a password of
 * their own): only to the IMAP server it signed in to, or to the SMTP server the presets give for
 * that server or address. Any other host needs its password typed: a session alone must never send
 * the mailbox password to a host the caller names.
 */
export function imapPasswordMayGoTo({
  emailAddress,
  imapHost,
  smtpHost,
}: {
  emailAddress: string;
  imapHost: string;
  smtpHost: string;
}): boolean {
  const target = hostName(smtpHost);
  return target === hostName(imapHost) || target === hostName(smtpPreset({ emailAddress, imapHost }).host);
}
