/**
 * Who is behind an address, from the address and its display name alone: the person's name, the
 * organisation a domain belongs to, and whether a machine sent the mail. Pure; read by contacts,
 * the style profile, topics and (later) triage.
 */

import freeMailDomains from 'email-providers/all.json' with { type: 'json' };
import { parse as parseDomain } from 'tldts';

/**
 * Free-mail and consumer-ISP domains: a contact there works for no company we can name. The list is
 * the `email-providers` package (about 8,700 domains of webmail services and ISPs, ISC licence),
 * data rather than a hand-picked few: it knows Caramail, Compuserve, Bigfoot and the regional
 * cable and DSL hosts (rr.com, swbell.net, ...).
 */
const FREE_MAIL = new Set<string>(freeMailDomains);

/** The domain, or a parent of it down to its registrable domain (austin.rr.com → rr.com), is a free-mail or ISP domain. */
export function isFreeMail(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) if (FREE_MAIL.has(labels.slice(i).join('.'))) return true;
  return false;
}

/** A US locality domain (`<place>.<state>.us`, RFC 1480): its label is a place or a word like "state", never an organisation. */
const US_LOCALITY_SUFFIX = /^[a-z]{2}\.us$/;

/**
 * The label that names the organisation behind a domain, lower-case: the registrable domain less
 * its public suffix, by the Public Suffix List (mail.acme.co.uk → acme, exchange.commerce.ubc.ca →
 * ubc). Null for free-mail and ISP domains, US locality domains and names without a registrable
 * domain (Lotus Notes routing such as "enron", a bare "co.uk").
 */
export function organisationLabel(domain: string): string | null {
  const lower = domain.trim().toLowerCase();
  if (!lower || isFreeMail(lower)) return null;
  const { domainWithoutSuffix, publicSuffix, isIcann } = parseDomain(lower);
  if (!domainWithoutSuffix || !isIcann || US_LOCALITY_SUFFIX.test(publicSuffix ?? '')) return null;
  return domainWithoutSuffix;
}

/** Labels this short are acronyms: eei.org is EEI, uh.edu UH, mi6.co.uk MI6, not "Eei", "Uh" and "Mi6". */
const ACRONYM_MAX_LETTERS = 3;

/** The organisation's name from its domain: enron.com → Enron; mail.acme.co.uk → Acme; eei.org → EEI; null when the domain names none. */
export function companyFromDomain(domain: string): string | null {
  const label = organisationLabel(domain);
  if (!label) return null;
  if (/^[\p{L}\p{N}]+$/u.test(label) && label.length <= ACRONYM_MAX_LETTERS) return label.toUpperCase();
  return label.replace(/(^|-)(\p{L})/gu, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

const AUTOMATED_LOCAL =
  /^(no-?reply|do-?not-?reply|no[._-]?address|mailer-daemon|mailer|postmaster|bounces?|notifications?|notify|alerts?|news(letters?)?|marketing|info|support-noreply|automated|daemon|subscriptions?|digest|bulletin|announce(ments)?|updates?|listserv|majordomo)([+._-].*)?$/i;
/**
 * Words that mark a machine anywhere in the local part ("enron_update@", "system.administrator@",
 * "it-helpdesk@"), as one of its dot, dash, underscore or plus separated parts.
 */
const AUTOMATED_PART =
  /^(no-?reply|donotreply|mailer|postmaster|bounces?|notifications?|notify|alerts?|newsletters?|automated|daemon|digest|bulletin|announcements?|updates?|listserv|majordomo|administrator|sysadmin|webmaster|helpdesk)$/i;

/** Mail from a machine: no-reply style addresses, bounces, auto-replies and bulk mail. */
export function isAutomated(mail: {
  senderEmail: string | null;
  headers: { precedence?: string; autoSubmitted?: string; listUnsubscribe?: string; listId?: string };
}): boolean {
  const local = mail.senderEmail?.split('@')[0] ?? '';
  if (AUTOMATED_LOCAL.test(local) || local.split(/[._+-]/).some((part) => AUTOMATED_PART.test(part))) return true;
  const { precedence, autoSubmitted, listUnsubscribe, listId } = mail.headers;
  if (precedence && /bulk|list|junk/i.test(precedence)) return true;
  if (autoSubmitted && !/^no$/i.test(autoSubmitted.trim())) return true;
  return Boolean(listUnsubscribe || listId);
}

export function normalizeEmail(address: string): string {
  return address.trim().replace(/^<|>$/g, '').toLowerCase();
}

/** "Allen, Phillip K." → Phillip / Allen; "Vince Kaminski" → Vince / Kaminski; quotes and addresses dropped. */
export function splitName(displayName: string | null): { firstName: string | null; lastName: string | null } {
  if (!displayName) return { firstName: null, lastName: null };
  const name = displayName
    .replace(/["']/g, '')
    .replace(/\s*[<(].*$/, '')
    .trim();
  if (!name || name.includes('@')) return { firstName: null, lastName: null };
  if (name.includes(',')) {
    const [last, rest] = name.split(',', 2).map((part) => part.trim());
    const first = rest?.split(/\s+/)[0] ?? null;
    return { firstName: first || null, lastName: last || null };
  }
  const parts = name.split(/\s+/);
  if (parts.length === 1) return { firstName: parts[0]!, lastName: null };
  return { firstName: parts[0]!, lastName: parts[parts.length - 1]! };
}

/** Words address books put where a name belongs: "e-mail" <x@y> (Outlook's "(E-mail)" entries cut short). */
const NOT_A_NAME = /^(e-?mail|mail|internet|smtp|fax|undisclosed[- ]recipients?|recipients?)$/i;

/**
 * The display name of `address` as worth showing, or null: quotes and a trailing "(E-mail)" or
 * "<...>" dropped; never an address (even quoted), nor the address's own local part ("hal" for
 * hal@x.com), nor a word without letters or that only stands for "e-mail".
 */
export function cleanDisplayName(name: string | null | undefined, address: string | null): string | null {
  if (!name) return null;
  const cleaned = name
    .replace(/\s*[<(].*$/, '')
    .replace(/^["'\s]+|["'\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned || cleaned.includes('@') || !/\p{L}/u.test(cleaned) || NOT_A_NAME.test(cleaned)) return null;
  const local = address?.split('@')[0]?.toLowerCase();
  if (local && cleaned.toLowerCase() === local) return null;
  return cleaned;
}

/**
 * The words of the owner's own names, lower-case, to keep them out of topics: the first and last
 * names of the given display names ("Kaminski, Vince J" → vince, kaminski) and the parts of own
 * addresses shaped like first.last@ (vince.kaminski@ → vince, kaminski; j.kaminski@ → kaminski).
 */
export function ownerNameWords({ names, addresses }: { names: (string | null)[]; addresses: string[] }): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    const { firstName, lastName } = splitName(name);
    for (const part of [firstName, lastName]) if (part && part.length >= 2) words.add(part.toLowerCase());
  }
  for (const address of addresses) {
    const parts = (address.split('@')[0] ?? '').toLowerCase().split(/[._-]+/);
    if (parts.length < 2) continue;
    for (const part of parts) if (/^\p{L}{2,}$/u.test(part)) words.add(part);
  }
  return words;
}
