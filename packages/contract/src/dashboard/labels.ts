/** Sidebar items, page titles and shell labels of the dashboard, word for word from the specification. */
export const DASHBOARD_LABELS = {
  nav: {
    dashboard: 'Dashboard',
    emailAccounts: 'Email Accounts',
    training: 'Training',
    contacts: 'Contacts',
    knowledge: 'Knowledge Base',
    attachments: 'Attachments',
    analytics: 'Analytics',
    settings: 'Settings',
    help: 'Help & Support',
  },
  pageTitles: {
    emailAccounts: 'Email Accounts',
    training: 'Email Analysis Training',
    contacts: 'Contacts',
    emails: 'Emails',
    knowledge: 'Knowledge Base',
    attachments: 'Attachments',
    analytics: 'Analytics',
    settings: 'Settings',
    help: 'Help & Support',
  },
  welcomeBack: 'Welcome back',
  signOut: 'Sign Out',
  signOutAllDevices: 'Sign out of all devices',
  toggleSidebar: 'Toggle Sidebar',
} as const;
