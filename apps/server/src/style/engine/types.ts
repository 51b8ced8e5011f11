import type { StyleProfileData } from '@penman/contract';
import type { StyleFingerprint } from './style-match.ts';

export type { StyleFingerprint } from './style-match.ts';

/** One mail the user sent, as the style engine reads it. */
export type SentMail = {
  id: string;
  subject: string | null;
  /** Raw text body: may include quoted replies, forwarded chains, signatures, Lotus Notes headers. */
  bodyText: string | null;
  /** Used when bodyText is null. */
  bodyHtml: string | null;
  toEmails: string[];
  ccEmails: string[];
  sentAt: Date | null;
  /** The incoming mail this one answers (matched by the caller via In-Reply-To/References), when known. */
  answers: { subject: string | null; bodyText: string | null; senderEmail: string | null; receivedAt: Date | null } | null;
};

/** One mail someone else sent to the user: other people's writing, what styleMatch weighs the user's against. */
export type IncomingMail = {
  bodyText: string | null;
  bodyHtml: string | null;
  senderEmail: string | null;
  /** The headers that mark bulk and automated mail (mail/engine/people.ts isAutomated). */
  headers: { precedence?: string; autoSubmitted?: string; listUnsubscribe?: string; listId?: string };
};

export type StyleProfileInput = {
  /** The user's sent mail, newest first, already capped (sent_style_cap). */
  emails: SentMail[];
  /** The account address and aliases (lower-case). */
  ownAddresses: string[];
  /** Display name of the user if known (helps signature detection). */
  ownName: string | null;
  /** The organisation's domains: a recipient there is internal. */
  internalDomains: string[];
  /**
   * Mail other people sent to the user, newest first (the caller caps it; the engine reads the
   * first BACKGROUND_MAILS written by a person): what styleMatch's voice model is trained
   * against. Without it styleMatch is the naive Bayes score of the user's model alone.
   */
  incoming?: IncomingMail[];
};

export type StyleProfile = StyleProfileData & { sampleSize: number; fingerprint: StyleFingerprint };
