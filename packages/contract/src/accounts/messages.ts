/** Email Accounts texts, word for word from the specification (part 1 sections 2, 4, 5, 8). */
export const ACCOUNT_MESSAGES = {
  missingInformationTitle: 'Missing Information',
  gmailAddressRequired: 'Please enter your Gmail address.',
  fillAllFields: 'Please fill in all required fields.',
  configurationErrorTitle: 'Configuration Error',
  noClientId: 'Google Client ID not configured. Please try again later.',
  authenticationErrorTitle: 'Authentication Error',
  gmailStartFailed: 'Failed to start Gmail authentication.',
  authenticationFailedTitle: 'Authentication Failed',
  gmailAuthFailed: 'Gmail authentication failed.',
  connectionFailedTitle: 'Connection Failed',
  gmailSaveFailed: 'Unable to save Gmail account.',
  gmailConnectedTitle: 'Gmail Account Connected',
  gmailConnected: (email: string) => `Successfully connected ${email}.`,
  otherConnectFailed: 'Unable to connect to the email account. Please check your credentials.',
  otherConnectedTitle: 'Email Account Connected',
  fetchFailed: 'Failed to fetch email accounts',
  notAuthenticated: 'User not authenticated',
  notFound: 'Email account not found',
  downloadFailed: (message: string) => `Failed to download emails: ${message}`,
  initializationFailed: 'Initialization failed',
  deleteFailed: 'Failed to delete email account',
  pauseFailed: 'Failed to pause',
  stopFailed: 'Failed to stop',
  retryFailed: 'Retry failed',
  initializationFailedToStart: 'Initialization failed to start',
  saveFailed: 'Save failed',
  pleaseTryAgain: 'Please try again.',
  deletedTitle: 'Email Account Deleted',
  pausedTitle: 'Initialization paused',
  stoppedTitle: 'Initialization stopped',
  savedTitle: 'Saved',
  capsUpdated: 'Caps updated',
  initializationInvokedTitle: 'Edge function invoked',
  initializationStarted: 'Initialization started.',
  pausedByUser: 'Paused by user',
  stoppedByUser: 'Stopped by user',
  initialized: 'Initialized',
  deleteConfirmation: 'DELETE EMAIL ACCOUNT',
  stillWorking: 'Still working: large mailboxes take a while. New messages appear as they are downloaded.',
  /** Ours: the sync stopped because the server refused the stored credentials. */
  reconnectNeeded: 'The mail server refused the saved credentials. Reconnect this account to resume syncing.',
} as const;

/** Initialization step labels (spec part 1 section 4; part 2 labels the style step 'Generate Style Corpus'). */
export const INIT_STEP_LABELS = {
  download: 'Downloading emails',
  contacts: 'Creating contacts',
  style: 'Building style corpus',
  done: 'Finalizing',
} as const;
export const INIT_STEP_FALLBACK_LABEL = 'Initializing';

/** Caps: null means these defaults (spec part 1 section 9). `null` max per download = unlimited. */
export const CAP_DEFAULTS = {
  inboxContactsPageCap: 30,
  inboxContactsMaxNew: 300,
  sentStyleCap: 1500,
  maxEmailsPerDownload: null,
} as const;

export const ACCOUNT_TIMINGS = {
  downloadBatchWaitMs: 2000,
  downloadCounterPollMs: 3000,
  stillWorkingAfterMs: 60_000,
  gmailPopupClosedCheckMs: 1000,
  gmailPopup: { width: 500, height: 600 },
} as const;

export const DEFAULT_EXCHANGE_SERVER = 'outlook.office365.com';
export const DEFAULT_IMAP_PORT = 993;

/**
 * What a check of a mail server the user names answers (adding or reconnecting an IMAP account,
 * checking or saving SMTP settings). One message for every failure to reach and sign in, after the
 * same wait whatever the cause, so a check cannot tell a closed port from another service.
 */
export const CONNECTION_CHECK_MESSAGES = {
  failed: 'Could not connect to the mail server. Check the server name, port and your password.',
  // IMAP only, after a TLS connection and an IMAP greeting: says nothing about ports.
  refusedLogin: (host: string) => `The server ${host} refused the username or password.`,
  /** Past MAIL_SERVER_CHECKS_PER_USER checks in their window. */
  tooMany: 'Too many connection checks in a few minutes. Please wait a little, then try again.',
} as const;

/** Connection checks of mail servers (IMAP and SMTP together) one user may make in a window. */
export const MAIL_SERVER_CHECKS_PER_USER = { max: 20, windowMs: 10 * 60_000 } as const;
