// What the user reads about a delivery (issue 20): failures stored on the draft, and the answers of
// the delivery settings routes. The UI's own labels are in labels.ts.

export const DELIVERY_MESSAGES = {
  authRefused: 'The mail server refused the username or password. Check the SMTP settings on the account card, then Retry.',
  unreachable: 'Could not reach the mail server. Retry in a moment; if it keeps failing, check the SMTP server name and port.',
  recipientRefused: (address: string) => `The mail server refused the recipient ${address}. Check the address, then Retry.`,
  tooLarge: 'The message is too large for the mail server. Remove an attachment, then Retry.',
  gmailReadOnly:
    'Penman may only read this Gmail account. Reconnect it on the Accounts page to allow saving drafts and sending, then Retry.',
  gmailReconnect: "Google no longer accepts Penman's access to this Gmail account. Reconnect it on the Accounts page, then Retry.",
  gmailRefused: 'Gmail refused the message. Retry in a moment.',
  importedAccount:
    'This account was imported from a file: there is no mail server to deliver to. Copy the reply or download it as an .eml file.',
  noServerSettings: 'This account has no mail server settings to deliver with.',
  privateHost: 'This server does not connect to mail servers on private or local network addresses.',
  unknown: 'The reply could not be delivered. Retry in a moment.',
  /** A delivery whose worker stopped (a restart, or the queue gave up) and that no job will finish. */
  interrupted:
    'Delivery stopped before it finished. Retry to try again: Penman first looks for the reply in your mailbox, so it is never sent twice.',
  notRetryable: 'This delivery cannot be retried.',
  notFailed: 'Only a failed delivery can be retried.',
  noDelivery: 'This draft has not been approved yet.',
  smtpOk: (host: string) => `Signed in to ${host}.`,
  smtpNotForProvider: 'SMTP settings apply to IMAP accounts only.',
  /** SMTP settings without a password of their own, naming a server the IMAP password is not for. */
  imapPasswordElsewhere: (host: string) =>
    `Penman sends your IMAP password only to your IMAP server or your provider's SMTP server. To sign in to ${host}, untick "Use the IMAP password" and enter the password for it.`,
  accountNotFound: 'Email account not found',
} as const;
