import { EMAIL_MESSAGES } from '@penman/contract';
import { findContactByAddress } from '../contacts/service.ts';
import { searchKnowledge, suggestAttachments } from '../files/service.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { getStyleProfileForDrafting } from '../style/service.ts';
import { asksForDrafting, ownerOf } from '../understanding/service.ts';
import { getProfileNames } from '../users/service.ts';
import { ownText, queryWords } from './engine/mail-words.ts';
import type {
  AttachmentSuggestion,
  ComposeContact,
  ComposeInput,
  DraftMode,
  KnowledgePassage,
  PastReply,
  ThreadMessage,
} from './engine/types.ts';
import { memoryForDrafting } from './learning-service.ts';
import * as repo from './repo.ts';

/**
 * Gathers what an engine needs to answer one email (ComposeInput) from the areas' services: the mail
 * and its thread, the sender's contact record, the style profile, the user's past replies to this
 * sender and to the most similar mail, knowledge passages and suggested attachments.
 */

/** Past (incoming, reply) pairs handed to the engines. */
const PAST_REPLIES = 5;
const KNOWLEDGE_PASSAGES = 5;
const ATTACHMENT_SUGGESTIONS = 3;
/** Words of the incoming mail the similar-mail search ORs together: the account's rarest this many. */
const QUERY_WORDS = 8;
/** A word in more than this share of the account's mail says nothing about similarity. */
const COMMON_WORD_SHARE = 0.02;
/** The knowledge search and the suggestions read the subject and this much of the sender's own text. */
const SEARCH_TEXT_CHARS = 4_000;

/** Only letters and digits reach to_tsquery (its operators and quotes never do). */
const SAFE_WORD = /^[\p{L}\p{N}]+$/u;

async function similarityWords(db: Db, userId: string, accountId: string, subject: string | null, text: string): Promise<string[]> {
  const words = [...queryWords({ subject, bodyText: text })].filter((word) => SAFE_WORD.test(word));
  if (words.length === 0) return [];
  const counts = await repo.wordFrequencies(db, userId, accountId, words);
  const total = counts.get('') ?? 0;
  return words
    .filter((word) => (counts.get(word) ?? 0) > 0 && (counts.get(word) ?? 0) <= Math.max(2, total * COMMON_WORD_SHARE))
    .sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0))
    .slice(0, QUERY_WORDS);
}

async function pastRepliesFor(db: Db, userId: string, email: repo.EmailForDrafting, text: string): Promise<PastReply[]> {
  const words = await similarityWords(db, userId, email.emailAccountId, email.subject, text);
  const pairs = await repo.findReplyPairs(db, userId, email.emailAccountId, {
    emailId: email.id,
    senderEmail: email.senderEmail?.toLowerCase() ?? null,
    words,
  });
  return pairs
    .map((pair) => ({
      incoming: {
        subject: pair.subject,
        text: ownText(pair.body),
        from: pair.sender_email,
        date: pair.received_date ? new Date(pair.received_date) : null,
      },
      reply: {
        id: pair.reply_id,
        subject: pair.reply_subject,
        text: ownText(pair.reply_body),
        date: pair.reply_date ? new Date(pair.reply_date) : null,
      },
      sameSender: pair.same_sender,
      score: Number(pair.score),
    }))
    .filter((pair) => pair.reply.text.trim())
    .sort((a, b) => Number(b.sameSender) - Number(a.sameSender) || b.score - a.score)
    .slice(0, PAST_REPLIES);
}

async function contactOf(db: Db, userId: string, accountId: string, address: string | null): Promise<ComposeContact | null> {
  if (!address) return null;
  const contact = await findContactByAddress({ db, userId, accountId, emailAddress: address });
  if (!contact) return null;
  const statistics = contact.contactStatistics[0];
  return {
    name: contact.displayName ?? ([contact.firstName, contact.lastName].filter(Boolean).join(' ') || null),
    emailsReceived: statistics?.emailsReceived ?? 0,
    emailsSent: statistics?.emailsSent ?? 0,
    lastContactAt: contact.lastInteractionAt ? new Date(contact.lastInteractionAt) : null,
    context: contact.isInternal ? 'internal' : 'external',
  };
}

async function knowledgeFor(db: Db, userId: string, accountId: string, text: string): Promise<KnowledgePassage[]> {
  const passages = await searchKnowledge({ db, userId, accountId, text, limit: KNOWLEDGE_PASSAGES });
  return passages.map((passage) => ({
    documentId: passage.documentId,
    filename: passage.filename,
    headingPath: [],
    text: passage.content,
    score: passage.score,
  }));
}

async function attachmentsFor(
  db: Db,
  userId: string,
  accountId: string,
  subject: string | null,
  text: string,
): Promise<AttachmentSuggestion[]> {
  const suggestions = await suggestAttachments({ db, userId, accountId, email: { subject, bodyText: text }, k: ATTACHMENT_SUGGESTIONS });
  return suggestions.map(({ file, reasons }) => ({
    id: file.id,
    filename: file.filename,
    reason: reasons.map((reason) => ATTACHMENT_REASON_TEXT[reason]).join('; '),
    autoAttach: file.autoAttach ?? false,
  }));
}

const ATTACHMENT_REASON_TEXT = {
  name: 'Its name matches the email',
  content: 'Its text answers the email',
  history: 'You attached it when replying to similar mail',
} as const;

export type GatheredInput = { input: ComposeInput; email: repo.EmailForDrafting };

/** The ComposeInput of one of the user's incoming emails. */
export async function gatherComposeInput({
  db,
  userId,
  emailId,
  mode,
  buyTimeHours,
  now,
}: {
  db: Db;
  userId: string;
  emailId: string;
  mode: DraftMode;
  buyTimeHours: number;
  now: Date;
}): Promise<GatheredInput> {
  const email = await repo.findEmail(db, userId, emailId);
  if (!email) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.notFound);
  const accountId = email.emailAccountId;
  const text = ownText(email.bodyText);
  const searchText = `${email.subject ?? ''}\n\n${text}`.slice(0, SEARCH_TEXT_CHARS);
  const [owner, names, thread, contact, profile, pastReplies, knowledge, attachments, memory, read] = await Promise.all([
    ownerOf({ db, userId, accountId }),
    getProfileNames({ db, userId }),
    repo.listThread(db, userId, email),
    contactOf(db, userId, accountId, email.senderEmail),
    getStyleProfileForDrafting({ db, userId, accountId }),
    pastRepliesFor(db, userId, email, text),
    knowledgeFor(db, userId, accountId, searchText),
    attachmentsFor(db, userId, accountId, email.subject, text),
    memoryForDrafting({ db, userId, accountId }),
    asksForDrafting({ db, userId, emailId }),
  ]);
  const person = (address: string, names: Record<string, string>) => ({ address, name: names[address.toLowerCase()] ?? null });
  const threadMessages: ThreadMessage[] = thread.map((message) => ({
    from: { address: message.senderEmail ?? '', name: message.senderName },
    date: message.receivedDate,
    text: ownText(message.bodyText),
    byOwner: message.isOutgoing,
  }));
  const input: ComposeInput = {
    email: {
      id: email.id,
      from: { address: email.senderEmail ?? '', name: email.senderName },
      to: email.recipientEmails.map((address) => person(address, email.recipientNames)),
      cc: email.ccEmails.map((address) => person(address, email.recipientNames)),
      subject: email.subject,
      text,
      date: email.receivedDate,
      messageId: email.messageId,
    },
    thread: threadMessages,
    owner: {
      name: names ? [names.firstName, names.lastName].filter(Boolean).join(' ') || null : null,
      addresses: owner?.addresses ?? [],
    },
    contact,
    profile,
    pastReplies,
    knowledge,
    attachments,
    mode,
    buyTimeHours,
    now,
    memory,
    understanding: read.understanding,
    asks: read.asks,
  };
  return { input, email };
}
