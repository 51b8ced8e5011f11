import { CONTACT_MESSAGES, type Contact, type ContactStatistics, type InteractionFrequency } from '@penman/contract';

type Names = Pick<Contact, 'emailAddress' | 'firstName' | 'lastName' | 'displayName'>;

const clean = (value: string | null | undefined): string => value?.trim() ?? '';
/** A name field holding an address (some address books put it there) names no one. */
const asName = (value: string | null | undefined): string => {
  const name = clean(value);
  return name.includes('@') ? '' : name;
};

/** List display name (spec): first and last name, else first name, else the display name, else the address. */
export function listDisplayName(contact: Names): string {
  const first = asName(contact.firstName);
  const last = asName(contact.lastName);
  if (first && last) return `${first} ${last}`;
  return first || asName(contact.displayName) || contact.emailAddress;
}

/** Detail display name (spec): the display name, else first and last name joined, else the address. */
export function detailDisplayName(contact: Names): string {
  const display = asName(contact.displayName);
  if (display) return display;
  const joined = [asName(contact.firstName), asName(contact.lastName)].filter(Boolean).join(' ');
  return joined || contact.emailAddress;
}

/**
 * The detail dialog's header: the contact's name with the address under it, or, for a contact
 * known only by an address, the address alone as the title (never as a name and again below it).
 */
export function contactHeader(contact: Names): { title: string; address: string | null; named: boolean } {
  const title = detailDisplayName(contact);
  const named = title !== contact.emailAddress;
  return { title, address: named ? contact.emailAddress : null, named };
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
