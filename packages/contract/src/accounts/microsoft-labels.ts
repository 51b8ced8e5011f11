/**
 * The Add dialog's Microsoft 365 / Outlook form, its sign-in popup, the reconnect action and
 * /microsoft-callback (issue 22). Ours: the specification lists Outlook as coming soon.
 */
export const MICROSOFT_LABELS = {
  address: 'Microsoft email address',
  addressPlaceholder: 'you@outlook.com',
  addressRequired: 'Please enter your Microsoft email address.',
  connect: 'Sign in with Microsoft',
  waiting: 'Waiting for Microsoft...',
  popupHint: 'A Microsoft window opens: sign in and allow Penman to read this mailbox and send the replies you approve.',
  // No Microsoft app on the server: what the operator must set (MICROSOFT_MESSAGES.notConfigured), not a popup.
  notConfiguredHint: 'Not set up on this server yet.',
  notConfiguredTitle: 'Microsoft 365 / Outlook is not set up on this server',
  setupLink: 'Setup: README, Configuration',
  startFailed: 'Failed to start Microsoft sign-in.',
  authFailed: 'Microsoft sign-in failed.',
  connectedTitle: 'Microsoft Account Connected',
  // The account card's Replies: Microsoft's SMTP server is the operator's setting, the login the sign-in.
  smtpThrough: (host: string, port: number) => `Replies are sent through ${host} (port ${port}) with your Microsoft sign-in.`,
  // /microsoft-callback.
  pageTitle: 'Microsoft · Penman',
  processing: 'Finishing Microsoft sign-in...',
  connectedHere: 'Microsoft account connected. You can close this window.',
  failedHere: 'Microsoft sign-in failed. You can close this window.',
} as const;
