import { setImmediate } from 'node:timers/promises';
import {
  ACCOUNT_MESSAGES,
  CONTACT_MESSAGES,
  type Contact,
  type ContactChanges,
  type ListContactsResponse,
  ZContact,
} from '@penman/contract';
import { normalizeEmail, splitName } from '../mail/engine/people.ts';
import type { Db } from '../platform/db/client.ts';
import type { ContactEditableField } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { publishEvent } from '../platform/realtime.ts';
import { getProfileNames } from '../users/service.ts';
import { type BuiltContact, buildingContacts } from './engine/build-contacts.ts';
import { parseSignature } from './engine/signature.ts';
import * as repo from './repo.ts';

type Scope = { db: Db; userId: string };
type AccountScope = Scope & { accountId: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toContact({ contact, statistics }: repo.ContactRecord): Contact {
  return ZContact.parse({
    ...contact,
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
    lastInteractionAt: iso(contact.lastInteractionAt),
    contactStatistics: statistics
      ? [
          {
            ...statistics,
            firstInteractionAt: iso(statistics.firstInteractionAt),
            lastInteractionAt: iso(statistics.lastInteractionAt),
            updatedAt: statistics.updatedAt.toISOString(),
          },
        ]
      : [],
  });
}

/** The account's contact for an address (drafting reads the sender's), or null when there is none. */
export async function findContactByAddress({ db, userId, accountId, emailAddress }: AccountScope & { emailAddress: string }) {
  const row = await repo.findContactByAddress(db, userId, accountId, normalizeEmail(emailAddress));
  return row ? toContact(row) : null;
}

async function requireAccountAddresses({ db, userId, accountId }: AccountScope): Promise<string[]> {
  const addresses = await repo.findAccountAddresses(db, userId, accountId);
  if (!addresses) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  return addresses;
}

type SignatureFields = { name: string | null; phoneNumber: string | null; jobTitle: string | null; companyName: string | null };
type RecentBody = Awaited<ReturnType<typeof repo.loadRecentBodies>>[number];

/**
 * Name, phone, job title and company from the signatures in the contacts' own recent mail (newest
 * first: the most recent signature that names a field wins; an older body is parsed only for
 * what the newest one lacks). The signature's company wins over the one read from the domain; its
 * name is used when no header gave one. Answers a function over a slice of the contacts, so the saving can
 * parse one slice while PostgreSQL writes the one before.
 */
function signatureDetails(bodies: RecentBody[]): (built: BuiltContact[]) => repo.ContactDetailsFromMail[] {
  // The bodies come grouped by sender, newest first.
  const bySender = new Map<string, RecentBody[]>();
  for (const body of bodies) {
    const list = bySender.get(body.senderEmail);
    if (list) list.push(body);
    else bySender.set(body.senderEmail, [body]);
  }
  const detailsOf = (address: string): SignatureFields | undefined => {
    let known: SignatureFields | undefined;
    for (const { senderEmail, senderName, body } of bySender.get(address) ?? []) {
      // The company usually comes from the domain: phone and title are what an older body is for.
      if (known?.phoneNumber && known.jobTitle) break;
      const found = parseSignature(body, { name: senderName, email: senderEmail });
      known = {
        name: known?.name ?? found.name,
        phoneNumber: known?.phoneNumber ?? found.phoneNumber,
        jobTitle: known?.jobTitle ?? found.jobTitle,
        companyName: known?.companyName ?? found.companyName,
      };
    }
    return known;
  };
  return (built) =>
    built.map((contact) => {
      const signature = detailsOf(contact.emailAddress);
      const signedName = contact.displayName ? null : (signature?.name ?? null);
      return {
        ...contact,
        ...(signedName ? { displayName: signedName, ...splitName(signedName) } : {}),
        companyName: signature?.companyName ?? contact.companyName,
        phoneNumber: signature?.phoneNumber ?? null,
        jobTitle: signature?.jobTitle ?? null,
      };
    });
}

/** The contacts the mail yields, and how to add their signature details (left to the saving, which overlaps it with writing). */
async function build(scope: AccountScope, addresses?: string[]) {
  const { db, userId, accountId } = scope;
  // The bodies query runs in PostgreSQL while the headers are read and turned into contacts here.
  const bodiesRead = repo.loadRecentBodies(db, userId, accountId, addresses);
  bodiesRead.catch(() => {}); // awaited below; this only stops an early failure above from leaving it unhandled
  const [ownAddresses, ignoredAddresses, mail, asOf, profile] = await Promise.all([
    requireAccountAddresses(scope),
    repo.listIgnoredAddresses(db, userId, accountId),
    repo.loadMailForContacts(db, userId, accountId, addresses),
    repo.findNewestMailDate(db, userId, accountId),
    getProfileNames({ db, userId }),
  ]);
  // The user's own name is never a contact's topic.
  const ownNames = [[profile?.firstName, profile?.lastName].filter(Boolean).join(' ')].filter(Boolean);
  // Built in steps with pauses, so the bodies' rows are read as they come (instead of after the build) and
  // PostgreSQL prepares the rest of them meanwhile.
  const steps = buildingContacts(mail, { ownAddresses, ownNames, ignoredAddresses, now: new Date(), ...(asOf ? { asOf } : {}) });
  let step = steps.next();
  while (!step.done) {
    await setImmediate();
    step = steps.next();
  }
  const built = step.value;
  const wanted = addresses ? new Set(addresses) : undefined;
  return {
    built: wanted ? built.filter((contact) => wanted.has(contact.emailAddress)) : built,
    withDetails: signatureDetails(await bodiesRead),
    ownAddresses: ownAddresses.map(normalizeEmail),
  };
}

async function notifyContactsChanged({ db, userId, accountId }: AccountScope) {
  await publishEvent(db, userId, { type: 'contacts.changed', data: { id: accountId } }).catch(() => {});
}

/**
 * Rebuilds the account's whole contact book from its mail (initialization's contacts step,
 * Reprocess Contacts, a change of the user's addresses). Answers the number of contacts.
 */
export async function rebuildContacts(scope: AccountScope): Promise<number> {
  const { built, withDetails, ownAddresses } = await build(scope);
  // The user's addresses change (aliases confirmed later): a contact made of one before goes, edited or not.
  const count = await repo.saveBuiltContacts(scope.db, scope.userId, scope.accountId, built, withDetails, {
    replaceAll: true,
    ownAddresses,
  });
  await notifyContactsChanged(scope);
  return count;
}

/**
 * After a sync stored new mail: rebuilds only the contacts those emails involve, from all of their
 * mail, so their statistics come out exactly as a full rebuild would make them.
 */
export async function updateContactsForEmails(scope: AccountScope & { emailIds: string[] }): Promise<void> {
  const { db, userId, accountId, emailIds } = scope;
  if (emailIds.length === 0) return;
  const addresses = [...new Set((await repo.findAddressesOfEmails(db, userId, accountId, emailIds)).map(normalizeEmail))];
  if (addresses.length === 0) return;
  const { built, withDetails } = await build(scope, addresses);
  await repo.saveBuiltContacts(db, userId, accountId, built, withDetails, { replaceAll: false });
  await notifyContactsChanged(scope);
}

export async function listContacts(scope: AccountScope & { filters: repo.ContactFilters }): Promise<ListContactsResponse> {
  await requireAccountAddresses(scope);
  const { rows, totalCount } = await repo.listContacts(scope.db, scope.userId, scope.accountId, scope.filters);
  return { contacts: rows.map(toContact), pagination: { totalCount } };
}

export async function listCompanies(scope: AccountScope): Promise<string[]> {
  await requireAccountAddresses(scope);
  return repo.listCompanies(scope.db, scope.userId, scope.accountId);
}

const EDITED_FIELD: Record<keyof ContactChanges, ContactEditableField> = {
  notes: 'notes',
  phoneNumber: 'phone_number',
  jobTitle: 'job_title',
  department: 'department',
};

/** Saves the user's edits (already validated: empty phone, job title and department are null). */
export async function updateContact({ db, userId, contactId, changes }: Scope & { contactId: string; changes: ContactChanges }) {
  const changed = (Object.keys(EDITED_FIELD) as (keyof ContactChanges)[]).filter((key) => changes[key] !== undefined);
  const saved = await repo.updateContactFields(
    db,
    userId,
    contactId,
    Object.fromEntries(changed.map((key) => [key, changes[key]])),
    changed.map((key) => EDITED_FIELD[key]),
  );
  const row = saved ? await repo.findContact(db, userId, contactId) : undefined;
  if (!row) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
  return toContact(row);
}
