import { z } from 'zod';
import { ZEmail } from '../auth/schemas.ts';

/**
 * The user's own addresses on an account (aliases): the account's address and the other addresses
 * the user sends from. Mail from any of them is sent mail (outgoing), and none of them is ever a
 * contact. Mail the mailbox itself files as sent (an IMAP Sent folder, Gmail's SENT label,
 * `X-Gmail-Labels: Sent` in a Takeout mbox, an mbox imported as a Sent folder) is sent mail whatever
 * its From says.
 */

/** How many other addresses an account may have (a person has a handful; a list this long is a mistake). */
export const MAX_ALIASES = 50;

/**
 * Why Penman proposes an address: it is the From of mail the mailbox files as sent; its display
 * name is the user's name; it looks like one of the user's addresses at the same domain
 * (j.kaminski@ beside vince.kaminski@).
 */
export const ALIAS_REASONS = ['sent_folder', 'same_name', 'similar_address'] as const;
export type AliasReason = (typeof ALIAS_REASONS)[number];

/** An address Penman found and the user has neither confirmed nor dismissed. */
export const ZAliasProposal = z.object({
  address: z.string(),
  reason: z.enum(ALIAS_REASONS),
  /** Mail from this address in the account. */
  messages: z.number().int(),
  /** The display name it sends with, when it has one. */
  name: z.string().nullable(),
});
export type AliasProposal = z.infer<typeof ZAliasProposal>;

/**
 * The steps of the recompute that follows a change of the aliases: direction of every email,
 * the account's counters and top senders, the contact book, the style profile.
 */
export const ALIASES_RECOMPUTE_STEPS = ['direction', 'counters', 'contacts', 'style'] as const;
export type AliasesRecomputeStep = (typeof ALIASES_RECOMPUTE_STEPS)[number];
/** queued: saved, the job not started yet; waiting: the job waits for the account's download to end. */
export const ALIASES_RECOMPUTE_STATUSES = ['queued', 'waiting', 'running', 'completed', 'failed'] as const;

/** Progress of that recompute (a durable job): `done` of `total` emails re-marked in the direction step. */
export const ZAliasesRecompute = z.object({
  status: z.enum(ALIASES_RECOMPUTE_STATUSES),
  step: z.enum(ALIASES_RECOMPUTE_STEPS).nullable(),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type AliasesRecompute = z.infer<typeof ZAliasesRecompute>;

/**
 * The account's other addresses as the user confirmed or edited them (the whole list; the account's
 * own address is implied), and the proposals the user dismissed. An address removed from the list
 * is not proposed again.
 */
export const ZUpdateAliasesRequest = z.object({
  aliases: z.array(ZEmail).max(MAX_ALIASES),
  dismissed: z.array(ZEmail).max(MAX_ALIASES).optional(),
});
export type UpdateAliasesRequest = z.infer<typeof ZUpdateAliasesRequest>;

/** Texts of the owner addresses: the account card's section and dialog, and the import form (ours: the spec has none). */
export const ALIAS_LABELS = {
  sectionTitle: 'Your addresses',
  sectionHint: 'Mail from these addresses counts as sent; they are never contacts.',
  primary: 'Account address',
  edit: 'Edit addresses',
  editTitle: 'Your addresses',
  editDescription: (email: string) =>
    `Every address you send mail from, besides ${email}. Mail from them counts as sent, and they are never contacts. Saving recounts this account's mail.`,
  otherAddresses: 'Other addresses you send from',
  otherAddressesHint: 'Optional. Add each address you also sent mail from, e.g. an older or shorter one.',
  addressToAdd: 'Address to add',
  addAddress: 'Add',
  removeAddress: (address: string) => `Remove ${address}`,
  noOtherAddresses: 'No other addresses.',
  alreadyListed: 'This address is already in the list.',
  tooMany: `At most ${MAX_ALIASES} addresses.`,
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  savedTitle: 'Addresses saved',
  savedBody: 'Penman is recounting sent and received mail, contacts and your writing style.',
  saveFailedTitle: 'Could not save the addresses',

  proposalsTitle: (count: number) => (count === 1 ? 'Is this address yours?' : 'Are these addresses yours?'),
  proposalsHint: (count: number) =>
    `Penman found ${count === 1 ? 'it' : 'them'} in this mailbox. Only the addresses you add count as yours.`,
  confirm: 'Add',
  confirmAddress: (address: string) => `Add ${address} as my address`,
  dismiss: 'Not mine',
  dismissAddress: (address: string) => `Not mine: ${address}`,
  reason: {
    sent_folder: 'Sends the mail filed in your Sent folder',
    same_name: (name: string | null) => (name ? `Sends with your name, ${name}` : 'Sends with your name'),
    similar_address: 'Looks like your address',
  },
  messages: (formatted: string, count: number) => (count === 1 ? '1 message' : `${formatted} messages`),

  recompute: {
    queued: 'Recounting with your addresses shortly...',
    waiting: 'Waiting for the download to end before recounting...',
    running: 'Recounting with your addresses',
    failed: 'Recounting failed',
    steps: {
      direction: 'Marking sent and received mail',
      counters: 'Counting',
      contacts: 'Rebuilding contacts',
      style: 'Updating your writing style',
    },
    stepOf: (index: number, total: number) => `Step ${index} of ${total}`,
    emails: (done: string, total: string) => `${done} of ${total} emails`,
  },

  // The import form.
  sentOnly: 'This file holds only mail I sent',
  sentOnlyHint: 'A Sent folder exported on its own (Thunderbird writes one file per folder): every message counts as sent.',
} as const;
