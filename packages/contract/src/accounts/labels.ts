/**
 * Buttons, headings and field labels of the Email Accounts screen, the Add Email Account dialog and
 * /gmail-callback. Texts the specification names are word for word; the others are ours.
 */
export const ACCOUNT_LABELS = {
  addAccount: 'Add Email Account',
  screenDescription: 'Connect the mailboxes Penman learns from and drafts replies for.',
  emptyTitle: 'No email accounts yet',
  emptyBody: 'Connect a Gmail, Exchange or IMAP mailbox, or import a mailbox file, to start downloading your emails.',
  retry: 'Retry',
  accountsList: 'Connected email accounts',
  loadingAccounts: 'Loading email accounts',

  // Provider names and the provider choice of the Add dialog.
  providers: {
    gmail: 'Gmail',
    exchange: 'Exchange / other IMAP',
    mbox: 'Mailbox file',
    outlook: 'Microsoft 365 / Outlook',
  },
  providerHints: {
    gmail: 'Sign in with Google; Penman gets read-only access.',
    exchange: 'On-premises Exchange, Yahoo, iCloud, Fastmail or any IMAP server.',
    mbox: 'Upload an .mbox export or a .zip of .eml files (read-only).',
    outlook: 'Sign in with Microsoft: work, school or personal (Outlook.com) accounts.',
  },
  importProvider: 'Import a mailbox file',
  chooseProvider: 'Choose a provider',
  addDialogDescription: 'Choose how to connect your mailbox.',
  back: 'Back',
  cancel: 'Cancel',

  // Gmail form.
  gmailAddress: 'Gmail address',
  gmailAddressPlaceholder: 'you@gmail.com',
  connectGmail: 'Connect Gmail',
  waitingForGoogle: 'Waiting for Google...',
  gmailPopupHint: 'A Google window opens: choose the account and allow read-only access.',
  // No Google client on the server: what the operator must set, instead of a popup that closes itself.
  gmailNotConfiguredHint: 'Not set up on this server yet.',
  gmailNotConfiguredTitle: 'Gmail is not set up on this server',
  gmailNotConfiguredBody:
    'Ask the person who runs Penman to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (an OAuth client of their Google Cloud project, with the Gmail API enabled and the redirect URI ending in /gmail-callback), then restart Penman.',
  gmailSetupLink: 'Setup: README, Configuration',

  // Exchange / IMAP form.
  email: 'Email',
  password: 'Password',
  username: 'Username (optional)',
  usernameHint: 'Only if it differs from the email address.',
  serverUrl: 'Server URL (optional)',
  port: 'Port (optional)',
  portHint: '993 uses TLS; any other port uses STARTTLS.',
  portInvalid: 'Enter a port number from 1 to 65535.',
  connect: 'Connect',
  connecting: 'Connecting...',

  // Mailbox file import.
  ownerAddress: 'Your email address',
  ownerAddressHint: 'Messages from this address are counted as sent, the others as received.',
  mailboxFile: 'Mailbox file',
  mailboxFileHint: '.mbox (Google Takeout, Thunderbird) or .zip of .eml files',
  import: 'Import',
  uploading: 'Uploading...',
  uploadProgress: 'Upload progress',
  importStartedTitle: 'Import started',
  importStarted: 'Your mailbox file was uploaded. Messages appear as they are imported.',
  importFailedTitle: 'Import failed',

  // Account card.
  active: 'Active',
  suspended: 'Suspended',
  emailsDownloaded: 'Emails downloaded',
  sentItems: 'Sent items',
  received: 'Received',
  contacts: 'Contacts',
  lastSync: 'Last sync',
  never: 'Never',
  readOnly: 'Read-only',
  messagesTruncated: (count: number, formatted: string) =>
    count === 1 ? '1 message was too large; stored without its body.' : `${formatted} messages were too large; stored without their body.`,

  // Initialization.
  initialization: 'Initialization',
  notInitialized: 'Not initialized',
  initialize: 'Initialize',
  pause: 'Pause',
  stop: 'Stop',
  downloadedSoFar: (count: string) => `${count} emails downloaded`,

  // Caps.
  downloadCaps: 'Download caps',
  downloadCapsHint: 'Leave a field empty to use the default.',
  caps: {
    maxEmailsPerDownload: 'Max emails per download',
    inboxContactsPageCap: 'Inbox pages for contacts',
    inboxContactsMaxNew: 'New contacts from inbox',
    sentStyleCap: 'Sent emails for style',
  },
  capDefault: (value: number | null) => `Default: ${value === null ? 'unlimited' : value}`,
  capInvalid: 'Enter a whole number, 0 or more.',
  save: 'Save',
  saving: 'Saving...',

  // Style Corpus card (part 2 section 2).
  styleCorpus: 'Style Corpus',
  pending: 'Pending',
  ready: 'Ready',
  notGeneratedYet: 'Not generated yet',
  lastGenerated: (date: string) => `Last generated ${date}`,
  viewDetails: 'View details',

  // Reconnect (the server refused the saved password).
  reconnect: 'Reconnect',
  reconnectTitle: 'Reconnect this account',
  reconnectBody: (email: string) => `Enter the current password of ${email}. Penman signs in with it before saving it.`,

  // Delete.
  delete: 'Delete',
  deleteAccount: 'Delete email account',
  deleteTitle: 'Delete this email account?',
  deleteBody: (email: string) =>
    `This removes ${email} and everything Penman stored for it: downloaded emails, contacts, style profile, knowledge documents and attachments. It cannot be undone.`,
  deleteTypePrompt: (phrase: string) => `Type ${phrase} to confirm.`,
  deleting: 'Deleting...',

  // /gmail-callback.
  gmailProcessing: 'Processing Gmail Authentication...',
  gmailConnectedHere: 'Gmail connected. You can close this window.',
  gmailFailedHere: 'Gmail authentication failed. You can close this window.',
  goToAccounts: 'Go to Email Accounts',
} as const;
