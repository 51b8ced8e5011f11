import { CONTACT_MESSAGES, type Contact, type ContactStatistics, type InteractionFrequency } from '@penman/contract';

type Names = Pick<Contact, 'emailAddress' | 'firstName' | 'lastName' | 'displayName'>;

const clean = (value: string | null | undefined): string => value?.trim() ?? '';

/** List display name (spec): first and last name, else first name, else the display name, else the address. */
export function listDisplayName(contact: Names): string {
  const first = clean(contact.firstName);
  const last = clean(contact.lastName);
  if (first && last) return `${first} ${last}`;
  return first || clean(contact.displayName) || contact.emailAddress;
}

/** Detail display name (spec): the display name, else first and last name joined, else the address. */
export function detailDisplayName(contact: Names): string {
  const display = clean(contact.displayName);
  if (display) return display;
  const joined = [clean(contact.firstName), clean(contact.lastName)].filter(Boolean).join(' ');
  return joined || contact.emailAddress;
}

export type DisplayedStatistics = Pick<ContactStatistics, 'emailsSent' | 'emailsReceived' | 'totalInteractions' | 'interactionFrequency'>;

const NO_STATISTICS: DisplayedStatistics = { emailsSent: 0, emailsReceived: 0, totalInteractions: 0, interactionFrequency: 'low' };

/** The counts a contact shows: its first statistics entry; with none, frequency low and counts 0 (spec). */
export function displayedStatistics(contact: Pick<Contact, 'contactStatistics'>): DisplayedStatistics {
  return contact.contactStatistics[0] ?? NO_STATISTICS;
}

export function frequencyLabel(frequency: InteractionFrequency): string {
  return CONTACT_MESSAGES.strengthOptions[frequency];
}

/** Relationship strength 0..1 as a whole percentage, clamped. */
export function strengthPercent(strength: number): number {
  return Math.round(Math.min(1, Math.max(0, strength)) * 100);
}

/** Average response time rounded to hours; null when there is none or it rounds to zero (spec: only when non-zero). */
export function responseTimeText(hours: number | null): string | null {
  if (hours === null || !Number.isFinite(hours)) return null;
  const rounded = Math.round(hours);
  if (rounded === 0) return null;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}
