/**
 * Which addresses of a mailbox may be the user's own, besides the ones the user confirmed: pure
 * rules over a summary of the senders of the account's mail. Penman only proposes them; what
 * counts as sent changes when the user confirms one (decided elsewhere).
 *
 * An address is proposed, strongest reason first, when
 * - `sent_folder`: the mailbox files mail from it as sent (IMAP Sent folder, Gmail's SENT label,
 *   Takeout's `X-Gmail-Labels: Sent`, an mbox imported as a Sent folder);
 * - `same_name`: it sends with one of the user's names (the user's profile name, or a display name
 *   the user's confirmed addresses send with), compared as a person's name: case, accents, initials,
 *   and 'Last, First' order do not matter;
 * - `similar_address`: it is at the domain of one of the user's addresses and its local part is
 *   the user's surname with the user's other names or initials (j.kaminski@, kaminski@ and
 *   vkaminski@ beside vince.kaminski@). Free-mail domains do not count: many people share them.
 */

import type { AliasProposal, AliasReason } from '@penman/contract';
import { isAutomated, isFreeMail } from './people.ts';

/** One sender of the account's mail. */
export type SenderSummary = {
  address: string;
  /** Mail from it in the account. */
  messages: number;
  /** Of those, filed as sent by the mailbox. */
  filedAsSent: number;
  /** Display names it sent with, most used first (a few). */
  names: string[];
};

/** Proposals shown at most: the user reads each one. */
export const MAX_PROPOSALS = 20;

/** Surnames shorter than this match too many local parts ('li', 'ng' would propose half a company). */
const MIN_SURNAME_LETTERS = 3;

/** An initial glued to a surname ('vkaminski') counts only for surnames this long. */
const MIN_GLUED_SURNAME_LETTERS = 5;

const REASON_ORDER: Record<AliasReason, number> = { sent_folder: 0, same_name: 1, similar_address: 2 };

/** A name's letters words, lower-case and without accents: "Kaminski, Vince J." → ['vince', 'j', 'kaminski']. */
function nameWords(name: string): string[] {
  let text = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\([^)]*\)|<[^>]*>|\[[^\]]*\]/g, ' ')
    .trim();
  // 'Last, First Middle' (Exchange, Lotus Notes) is the same person as 'First Middle Last'.
  const comma = text.split(',');
  if (comma.length === 2 && comma[0]!.trim() && comma[1]!.trim()) text = `${comma[1]} ${comma[0]}`;
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/**
 * The key two display names of one person share: their words of two letters or more, sorted
 * (initials dropped: 'Vince J Kaminski' = 'Kaminski, Vince'). Null for what is no person's name:
 * an address, or fewer than two words (a first name alone is shared by too many people).
 */
export function personNameKey(name: string | null | undefined): string | null {
  if (!name || name.includes('@')) return null;
  // 'Vince Kaminski (via Google Docs)': a service writing on the person's behalf, from its own address.
  if (/\bvia\b/i.test(name)) return null;
  const words = nameWords(name).filter((word) => word.length > 1);
  if (words.length < 2) return null;
  return [...new Set(words)].sort().join(' ');
}

const localWords = (address: string) =>
  (address.split('@')[0] ?? '')
    .toLowerCase()
    .split(/[._+-]+/)
    .map((word) => word.replace(/\d+/g, ''))
    .filter(Boolean);
const domainOf = (address: string) => address.split('@')[1]?.toLowerCase() ?? '';

/** What the user's names and addresses say about them: the words of their names, and their surnames. */
function ownerWords(ownAddresses: string[], ownNames: string[]) {
  const words = new Set<string>();
  const surnames = new Set<string>();
  const add = (list: string[]) => {
    for (const word of list) words.add(word);
    const last = list[list.length - 1];
    if (list.length >= 2 && last && last.length >= MIN_SURNAME_LETTERS) surnames.add(last);
  };
  for (const address of ownAddresses) add(localWords(address));
  for (const name of ownNames) if (!name.includes('@')) add(nameWords(name));
  return { words, surnames };
}

/** The local part is the user's surname with only the user's other names or initials around it. */
function looksLikeOwnLocalPart(address: string, owner: { words: Set<string>; surnames: Set<string> }): boolean {
  const words = localWords(address);
  if (words.length === 0) return false;
  let surnameSeen = false;
  for (const word of words) {
    if (owner.surnames.has(word)) {
      surnameSeen = true;
      continue;
    }
    // 'vkaminski': an initial glued to the surname (a long one: 'c' + 'allen' is someone else's 'callen').
    if (word.length > MIN_GLUED_SURNAME_LETTERS && owner.surnames.has(word.slice(1))) {
      surnameSeen = true;
      continue;
    }
    if (word.length === 1 || owner.words.has(word)) continue;
    return false;
  }
  return surnameSeen;
}

/**
 * The proposals for an account: senders that may be the user, strongest reason first, then the
 * most mail. Confirmed and dismissed addresses are never proposed.
 */
export function proposeAliases(input: {
  /** The account's address and the confirmed aliases. */
  ownAddresses: string[];
  /** The user's profile name and the display names the confirmed addresses send with. */
  ownNames: string[];
  dismissed: string[];
  senders: SenderSummary[];
}): AliasProposal[] {
  const own = new Set(input.ownAddresses.map((address) => address.toLowerCase()));
  const dismissed = new Set(input.dismissed.map((address) => address.toLowerCase()));
  const nameKeys = new Set(input.ownNames.map(personNameKey).filter((key): key is string => key !== null));
  const ownDomains = new Set([...own].map(domainOf).filter((domain) => domain && !isFreeMail(domain)));
  const owner = ownerWords([...own], input.ownNames);

  const proposals: AliasProposal[] = [];
  for (const sender of input.senders) {
    const address = sender.address.toLowerCase();
    if (own.has(address) || dismissed.has(address) || !address.includes('@')) continue;
    const sameName = sender.names.find((name) => {
      const key = personNameKey(name);
      return key !== null && nameKeys.has(key);
    });
    // A name or an address like the user's on a machine's mail (no-reply@, notifications@) is not the user.
    const person = !isAutomated({ senderEmail: address, headers: {} });
    let reason: AliasReason | null = null;
    if (sender.filedAsSent > 0) reason = 'sent_folder';
    else if (sameName && person) reason = 'same_name';
    else if (person && ownDomains.has(domainOf(address)) && looksLikeOwnLocalPart(address, owner)) reason = 'similar_address';
    if (!reason) continue;
    proposals.push({ address, reason, messages: sender.messages, name: sameName ?? sender.names[0] ?? null });
  }
  proposals.sort((a, b) => REASON_ORDER[a.reason] - REASON_ORDER[b.reason] || b.messages - a.messages || (a.address < b.address ? -1 : 1));
  return proposals.slice(0, MAX_PROPOSALS);
}
