import fs from 'node:fs';
import path from 'node:path';
import type { ComposeInput, PastReply } from '../drafts/engine/types.ts';
import { ownWords } from '../mail/engine/own-words.ts';
import { parseMessage } from '../mail/engine/parse-message.ts';
import { buildStyleProfile } from '../style/engine/build-profile.ts';
import type { StyleProfile } from '../style/engine/types.ts';
import { readerNames } from '../understanding/engine/reader.ts';
import { asksOfReader, understandEmail } from '../understanding/engine/understand.ts';
import { CORPUS_DIR, enronFolder } from './corpus.ts';

const ALLEN = { name: 'Phillip Allen', addresses: ['phillip.allen@enron.com', 'k..allen@enron.com'] };

type Pair = { user: string; incoming_path: string; reply_path: string; incoming_from: string; reply_text_above_quote: string };

const read = async (relative: string) => parseMessage(new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, relative))));

const allenProfiles = new Map<string, Promise<StyleProfile>>();

/**
 * Phillip Allen's style profile, built by the style engine from his real sent mail (once per test
 * file and name); `ownName` is the name the profile knows him by (the account's display name).
 */
export function allenStyleProfile(ownName = ALLEN.name): Promise<StyleProfile> {
  let profile = allenProfiles.get(ownName);
  if (!profile) {
    profile = (async () => {
      const emails = [];
      for (const file of enronFolder('allen-p', 'sent_items')) {
        const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
        emails.push({
          id: file,
          subject: parsed.subject,
          bodyText: parsed.bodyText,
          bodyHtml: parsed.bodyHtml,
          toEmails: parsed.recipientEmails,
          ccEmails: parsed.ccEmails,
          sentAt: parsed.date,
          answers: null,
        });
      }
      return buildStyleProfile({ emails, ownAddresses: ALLEN.addresses, ownName, internalDomains: ['enron.com'] });
    })();
    allenProfiles.set(ownName, profile);
  }
  return profile;
}

/** A real (incoming, reply) pair of enron-pairs as the drafts service would retrieve it. */
async function pastReply(pair: Pair, score: number): Promise<PastReply> {
  const incoming = await read(`enron/${pair.incoming_path}`);
  const reply = await read(`enron/${pair.reply_path}`);
  return {
    incoming: { subject: incoming.subject, text: ownWords(incoming.bodyText ?? ''), from: pair.incoming_from, date: incoming.date },
    reply: { subject: reply.subject, text: pair.reply_text_above_quote, date: reply.date },
    sameSender: false,
    score,
  };
}

/**
 * The gathered input for answering a real mail: Bob Huntley asking Phillip Allen (enron allen-p,
 * inbox/36) whether he found his title policy, with Allen's real style profile, two of his real past
 * replies to other mail, one knowledge passage and one suggested attachment.
 */
export async function huntleyComposeInput(overrides: Partial<ComposeInput> = {}): Promise<ComposeInput> {
  const mail = await read('enron/allen-p/inbox/36.');
  const pairs = fs
    .readFileSync(path.join(CORPUS_DIR, 'enron-pairs/pairs.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Pair);
  const pairFor = (incoming: string) => pairs.find((pair) => pair.incoming_path === incoming)!;
  return {
    email: {
      id: 'email-huntley',
      from: { address: mail.senderEmail ?? 'wise.counsel@lpl.com', name: 'Robert W. Huntley, CFP' },
      to: mail.recipientEmails.map((address) => ({ address, name: null })),
      cc: [],
      subject: mail.subject,
      text: ownWords(mail.bodyText ?? ''),
      date: mail.date,
      messageId: mail.messageId,
    },
    thread: [
      {
        from: { address: 'phillip.allen@enron.com', name: 'Phillip Allen' },
        date: new Date('2001-10-25T16:08:00Z'),
        text: 'I will try and find my title policy this evening.',
        byOwner: true,
      },
    ],
    owner: ALLEN,
    contact: {
      name: 'Robert W. Huntley',
      emailsReceived: 4,
      emailsSent: 3,
      lastContactAt: new Date('2001-10-25T16:08:00Z'),
      context: 'external',
    },
    profile: await allenStyleProfile(),
    pastReplies: [await pastReply(pairFor('allen-p/inbox/3.'), 4.2), await pastReply(pairFor('allen-p/inbox/22.'), 2.9)],
    knowledge: [
      {
        documentId: 'doc-closing-binder',
        filename: 'closing-binder-notes.md',
        headingPath: ['Leander property', 'Title'],
        text: 'The owner’s title policy is in the blue closing binder. The title company is Stewart Title, file number 01-2345.',
        score: 3.1,
      },
    ],
    attachments: [
      { id: 'file-deed', filename: 'warranty-deed.pdf', reason: 'Mentions the deed and title of the property', autoAttach: false },
    ],
    mode: 'full',
    buyTimeHours: 24,
    now: new Date('2001-10-29T20:00:00Z'),
    ...overrides,
  };
}

/**
 * The input with its mail understood as the drafts service hands it over (understanding service's
 * asksForDrafting): the understanding, read from the owner's side, and the asks of the owner. Mail
 * with no recipients listed (tests build the input by hand) is read as sent to the owner alone.
 */
export function understood(input: ComposeInput): ComposeInput {
  const to = input.email.to.map((person) => person.address);
  const understanding = understandEmail(
    {
      subject: input.email.subject,
      senderEmail: input.email.from.address,
      senderName: input.email.from.name,
      recipientEmails: to.length ? to : input.owner.addresses.slice(0, 1),
      ccEmails: input.email.cc.map((person) => person.address),
      bodyText: input.email.text,
      receivedDate: input.email.date,
      headers: {},
    },
    { addresses: input.owner.addresses, names: readerNames({ displayNames: [input.owner.name], addresses: input.owner.addresses }) },
  );
  return { ...input, understanding, asks: asksOfReader(understanding) };
}
