import { formatCount } from '../platform/format.ts';

/** Contacts texts, word for word from the specification (part 2 sections 2, 4, 5, 8). */
export const CONTACT_MESSAGES = {
  reprocess: 'Reprocess Contacts',
  searchPlaceholder: 'Search contacts by name, email, or company...',
  allCompanies: 'All Companies',
  allStrengths: 'All Strengths',
  strengthOptions: { very_high: 'Very High', high: 'High', medium: 'Medium', low: 'Low' },
  clearFilters: 'Clear Filters',
  filteredCount: (shown: number, total: number) => `${formatCount(shown)} of ${formatCount(total)} contacts (filtered)`,
  pagination: (page: number, shown: number, total: number) =>
    `Page ${formatCount(page)} • Showing ${formatCount(shown)} of ${formatCount(total)} total contacts`,
  previous: 'Previous',
  next: 'Next',
  noAccount: 'No email account found. Please add an email account first.',
  noAccountError: 'No email account found',
  noFilterMatches: 'No contacts match your current filters.',
  clearAllFilters: 'Clear All Filters',
  noSearchMatches: 'No contacts found matching your search.',
  noContacts: 'No contacts available yet.',
  loading: 'Loading contacts...',
  errorTitle: 'Error loading contacts',
  errorToastTitle: 'Error',
  noAccountSelected: 'No email account selected',
  notFound: 'Contact not found',
  reprocessFailedTitle: 'Reprocessing Failed',
  reprocessFailed: 'Failed to reprocess contacts. Please try again.',
  reprocessSucceededTitle: 'Success',
  reprocessSucceeded: 'Contact reprocessing completed successfully. Contacts and statistics have been updated.',
  copied: 'Copied to clipboard',
  notesUpdated: 'Notes updated',
  jobTitleUpdated: 'Job title updated',
  departmentUpdated: 'Department updated',
  phoneUpdated: 'Phone number updated',
  notesPlaceholder: 'Add notes about this contact...',
  noAnalytics: 'No analytics data available for this contact',
  noTopics: 'No email topics available yet',
  internal: 'Internal',
  external: 'External',
  tabs: { overview: 'Overview', analytics: 'Analytics', notes: 'Notes & Topics' },
  sections: {
    contactDetails: 'Contact Details',
    professionalInfo: 'Professional Info',
    quickStats: 'Quick Stats',
    relationshipMetrics: 'Relationship Metrics',
    timeline: 'Timeline',
  },
} as const;

/** Strength labels from relationship_strength (spec part 2 section 5): thresholds 0.8, 0.6, 0.4, 0.2. */
export function strengthLabel(strength: number): 'Very Strong' | 'Strong' | 'Moderate' | 'Weak' | 'Very Weak' {
  if (strength >= 0.8) return 'Very Strong';
  if (strength >= 0.6) return 'Strong';
  if (strength >= 0.4) return 'Moderate';
  if (strength >= 0.2) return 'Weak';
  return 'Very Weak';
}
