/**
 * Which mailbox an account has proved it opens, as the proof named it: the IMAP server and login
 * that accepted its password or token, or the Gmail mailbox Google's own profile answered for its
 * token. Two users' accounts with the same identity share a mailbox (a team inbox); an address alone
 * proves nothing (an imported file, or an IMAP server the user runs, may claim any address). Kept on
 * the account (`email_accounts.mailbox_identity`), written only where the proof happens.
 */
export function imapMailboxIdentity({ host, port, user }: { host: string; port: number; user: string }): string {
  return `imap ${host.trim().toLowerCase().replace(/\.$/, '')}:${port} ${user.trim().toLowerCase()}`;
}

export function gmailMailboxIdentity(profileAddress: string): string {
  return `gmail ${profileAddress.trim().toLowerCase()}`;
}
