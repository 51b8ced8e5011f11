import { ACCOUNT_MESSAGES } from '../accounts/messages.ts';
import { MICROSOFT_MESSAGES } from '../accounts/microsoft.ts';
import { DELIVERY_MESSAGES } from '../delivery/messages.ts';

/**
 * Every word of the Help & Support page (issue 21). The troubleshooting entries quote the messages
 * the app really shows, from their own constants, so they never drift from the screens.
 */
export const HELP_LABELS = {
  title: 'Help & Support',
  intro: 'How Penman works, what stays on this machine, and what to do when something goes wrong.',
  sections: {
    howItWorks: 'How Penman works',
    privacy: 'What leaves this machine',
    shortcuts: 'Keyboard shortcuts',
    providers: 'Connecting your mailboxes',
    troubleshooting: 'Troubleshooting',
    about: 'Version and links',
    contact: 'Contact us',
  },
  howItWorks: [
    { term: 'Sync', text: 'Penman downloads your mail over IMAP or the Gmail API and keeps checking for new messages while it runs.' },
    {
      term: 'Training',
      text: 'From the mail you sent, Penman learns how you write: greetings, sign-offs, length and tone. It also builds your contacts.',
    },
    {
      term: 'Drafting',
      text: 'When new mail needs an answer from you, Penman writes a reply in your style and puts it in the Drafts queue. Unsure ones are marked "Needs review".',
    },
    {
      term: 'Delivery',
      text: 'Nothing is sent until you approve a draft. Approved replies are saved to your mail server’s Drafts folder or sent, as you chose for the account.',
    },
  ],
  privacy: {
    stays: 'Your mail, contacts, style profile, drafts and files are stored only in this Penman’s database and storage, on this machine.',
    leaves:
      'Mail leaves it only towards your own mail servers (to read and to deliver), and, only when the operator configured one, towards the LLM endpoint that writes drafts.',
    never: 'Nothing is sent to Penman’s authors, to analytics services or to anyone else.',
  },
  shortcutsIntro: 'In the Drafts queue (not while typing in a field or while a dialog is open):',
  shortcutNames: {
    next: 'Next draft',
    previous: 'Previous draft',
    approve: 'Approve',
    edit: 'Edit',
    reject: 'Reject',
    buyTime: 'Buy time (a short "I will get back to you" reply)',
  },
  providers: [
    {
      name: 'Gmail',
      text: 'Choose Gmail on the Email Accounts page and sign in with Google. The operator must first create a Google OAuth client (Google Cloud console, Gmail API enabled, this site’s /gmail-callback as redirect URI) and set its client ID and secret on the server.',
    },
    {
      name: 'Gmail without OAuth',
      text: 'Turn on 2-Step Verification in your Google account, create an app password, and connect as an IMAP account (imap.gmail.com) with that app password.',
    },
    {
      name: 'Microsoft 365 / Outlook',
      text: 'Choose Microsoft 365 / Outlook and sign in with Microsoft (work, school or personal Outlook.com accounts); no password is stored. The operator must first register an app in Microsoft Entra (this site’s /microsoft-callback as redirect URI) and set its client ID and secret on the server, and the mailbox must allow IMAP.',
    },
    {
      name: 'Yahoo Mail',
      text: 'Create an app password under Account security, then choose Exchange / other IMAP and Yahoo Mail in the Provider list (imap.mail.yahoo.com), and use that app password.',
    },
    {
      name: 'iCloud Mail',
      text: 'Create an app-specific password at account.apple.com, then choose Exchange / other IMAP and iCloud Mail in the Provider list (imap.mail.me.com), with your iCloud address and that password.',
    },
    {
      name: 'Other IMAP servers',
      text: 'Choose your provider in the Provider list (Fastmail, GMX, Zoho, AOL, Proton Mail Bridge…) or type the address first to have it suggested; otherwise enter the IMAP server, port, username and password your provider gives you.',
    },
  ],
  troubleshooting: [
    {
      message: ACCOUNT_MESSAGES.otherConnectFailed,
      fix: 'Check the server name and the password. Providers that require it need an app password, not your usual one.',
    },
    {
      message: ACCOUNT_MESSAGES.reconnectNeeded,
      fix: 'The password changed or the app password was revoked: open the account card, choose Reconnect and enter the new one (Gmail accounts sign in with Google again).',
    },
    {
      message: ACCOUNT_MESSAGES.noClientId,
      fix: 'The server has no Google OAuth client yet: ask the operator to set one, or connect Gmail by IMAP with an app password.',
    },
    {
      message: MICROSOFT_MESSAGES.reconnectNeeded,
      fix: 'Microsoft access was withdrawn or expired (a password change, an administrator, 90 days unused): open the account card and choose Reconnect to sign in with Microsoft again.',
    },
    {
      message: MICROSOFT_MESSAGES.imapDisabled,
      fix: 'An administrator turns IMAP on for the mailbox in the Exchange admin center (Mailbox, Manage email apps); sending also needs Authenticated SMTP there.',
    },
    {
      message: ACCOUNT_MESSAGES.stillWorking,
      fix: 'Nothing is wrong: the first download of a large mailbox can take hours. You can keep using Penman meanwhile.',
    },
    {
      message: DELIVERY_MESSAGES.authRefused,
      fix: 'Open the account card’s delivery settings, correct the SMTP username or password, then Retry the draft.',
    },
    {
      message: DELIVERY_MESSAGES.unreachable,
      fix: 'Usually temporary. If it persists, check the SMTP server name and port (587 with STARTTLS or 465 with TLS).',
    },
    { message: DELIVERY_MESSAGES.gmailReadOnly, fix: 'Reconnect the Gmail account so Penman may save drafts and send.' },
    { message: DELIVERY_MESSAGES.importedAccount, fix: 'Copy the reply, or download it as .eml and open it in your mail program.' },
  ],
  troubleshootingMessage: 'You see',
  troubleshootingFix: 'What to do',
  version: (version: string) => `Penman version ${version}`,
  links: [
    { label: 'Privacy policy', href: '/privacy-policy' },
    { label: 'Terms of service', href: '/terms-of-service' },
  ],
  contactText: 'A question, a problem or an idea? Write to us.',
  contactButton: 'Contact us',
} as const;
