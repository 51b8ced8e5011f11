/**
 * Every word the web shows about delivery (issue 20): a draft's delivery on its card in the review
 * queue, and the "Replies" section of the account card (mode, SMTP settings, connection check).
 * The server's own status and error messages are in `messages.ts`.
 */
export const DELIVERY_LABELS = {
  draft: {
    region: 'Delivery',
    recipients: 'Recipients',
    to: 'To',
    cc: 'Cc',
    noRecipients: 'No recipient',
    /** While queued or delivering. */
    saving: 'Saving to Drafts…',
    sending: 'Sending…',
    savedIn: (account: string) => `Saved to Drafts in ${account}`,
    sent: 'Sent',
    sentUnconfirmed: 'Probably sent',
    unconfirmedHint:
      'The mail server received the whole reply, but the connection dropped before it confirmed. Penman did not send it again: check your Sent folder, or ask the recipient.',
    at: (time: string) => `at ${time}`,
    failed: 'Not delivered',
    notRetryable: 'This reply cannot be delivered from Penman: copy it or download it as an .eml file.',
    approvedNoDelivery: 'Approved',
    rejected: 'Rejected',
    completed: 'Completed by a teammate',
    completedHint: 'Someone else who shares this mailbox approved their reply to this email.',
    edited: 'edited',
    retry: 'Retry',
    retrying: 'Retrying…',
    copy: 'Copy',
    downloadEml: 'Download .eml',
    downloadEmlHint: 'A message file your mail program opens as a reply.',
  },
  announce: {
    retried: 'Delivery queued again.',
  },
  account: {
    title: 'Replies',
    description: 'What Approve and Send Now do with a reply Penman wrote for this account.',
    loading: 'Loading reply settings…',
    loadFailed: 'Failed to load the reply settings.',
    retry: 'Retry',
    mode: 'When you approve a reply',
    modes: {
      save_to_drafts: 'Save to Drafts',
      send: 'Send',
    },
    modeHints: {
      save_to_drafts: 'The reply waits in the Drafts folder of your mailbox, to finish and send from your own mail program.',
      send: 'Penman sends the reply at once from this address.',
    },
    modeDefault: '(default)',
    imported: 'Imported file: replies can be copied or downloaded, not delivered.',
    gmailNoCompose:
      'Penman was connected with read-only access to this Gmail account. Reconnect and allow composing to save or send replies.',
    reconnect: 'Reconnect Gmail',
    reconnecting: 'Waiting for Google…',
    smtp: 'Outgoing mail server (SMTP)',
    smtpHint: 'Used to send replies. Penman suggests the usual server for your provider.',
    smtpNotSaved: 'Suggested settings, not saved yet.',
    host: 'SMTP server',
    port: 'Port',
    security: 'Security',
    securities: { starttls: 'STARTTLS (usually port 587)', tls: 'TLS (usually port 465)' },
    username: 'Username',
    useImapPassword: 'Use the IMAP password',
    password: 'SMTP password',
    check: 'Check connection',
    checking: 'Checking…',
    checkOk: 'Connection works',
    checkFailed: 'Connection failed',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Reply settings saved',
    saveFailed: 'Could not save the reply settings',
    errors: {
      host: 'Enter the SMTP server, e.g. smtp.example.com.',
      port: 'Enter a port number from 1 to 65535.',
      username: 'Enter the username.',
      password: 'Enter the SMTP password, or use the IMAP password.',
    },
  },
} as const;
