// The one interface both drafting engines share (issue 18, "Composing: two engines, one interface").
// The drafts service gathers a ComposeInput from the areas' services; composeReply (built-in) or the
// LLM engine turns it into a ComposeResult; one post-processing step finishes either.
import type { StyleProfile } from '../../style/engine/types.ts';
import type { Ask, Understanding } from '../../understanding/engine/types.ts';

export type DraftMode = 'full' | 'buy_time';

/** The reply plan (plan.ts): answer from what is known, accept the task, ask back, hold, or no draft. */
export type DraftPlan = 'answer' | 'accept' | 'clarify' | 'holding' | 'none';

/** How a draft handles one ask of the mail: answers it, promises it (now or later), asks back, or leaves it to the user. */
export type AskHandling = { ask: string; how: 'answered' | 'promised' | 'asked_back' | 'left_to_you'; detail: string | null };

export type ComposePerson = { address: string; name: string | null };

/** One message of the thread, oldest first; `text` is the writer's own words (no quoted mail). */
export type ThreadMessage = { from: ComposePerson; date: Date | null; text: string; byOwner: boolean };

/** The mail being answered. `text` is the sender's own words (quoted mail and footers cut). */
export type IncomingMail = {
  id: string;
  from: ComposePerson;
  to: ComposePerson[];
  cc: ComposePerson[];
  subject: string | null;
  text: string;
  date: Date | null;
  messageId: string | null;
};

/** The sender as the contact book knows them: relationship statistics from the user's mail. */
export type ComposeContact = {
  name: string | null;
  emailsReceived: number;
  emailsSent: number;
  lastContactAt: Date | null;
  /** internal (same organisation) or external; null when unknown. */
  context: 'internal' | 'external' | null;
};

/** A past (incoming, reply) pair of the user's, found by full-text retrieval. */
export type PastReply = {
  incoming: { subject: string | null; text: string; from: string | null; date: Date | null };
  /**
   * `id`: the reply's stored email id, recorded with the draft and learnt from (kind avoid_source);
   * absent for replies that are no stored email (benches, engine tests on corpus files).
   */
  reply: { id?: string; subject: string | null; text: string; date: Date | null };
  /** The past incoming came from the same sender as the mail being answered. */
  sameSender: boolean;
  /** Retrieval score, higher is more similar (not comparable across queries). */
  score: number;
};

export type KnowledgePassage = { documentId: string; filename: string; headingPath: string[]; text: string; score: number };

export type AttachmentSuggestion = { id: string; filename: string; reason: string; autoAttach: boolean };

export type ComposeInput = {
  email: IncomingMail;
  /** Earlier messages of the same thread, oldest first, without `email` itself. */
  thread: ThreadMessage[];
  owner: { name: string | null; addresses: string[] };
  contact: ComposeContact | null;
  /** Null before the style profile is built: the engines then write plainly, with no greeting habits. */
  profile: StyleProfile | null;
  pastReplies: PastReply[];
  knowledge: KnowledgePassage[];
  attachments: AttachmentSuggestion[];
  mode: DraftMode;
  /** The Buy Time promise, in hours (drafting settings; 24 by default). */
  buyTimeHours: number;
  now: Date;
  /**
   * The account's drafting memory (issue 20: what Penman learnt from the user's edits, own replies
   * and rejections); post-processing applies what concerns this sender. Absent: nothing learnt.
   */
  memory?: MemoryItem[];
  /** What the mail asks and of whom (understanding/engine); absent: not read (engine tests of old). */
  understanding?: Understanding | null;
  /** The asks the user is to answer (the understanding's, or all of them when the user said it needs their reply). */
  asks?: Ask[];
};

/** What a draft drew on, shown to the user beside it. */
export type UsedSource =
  | { kind: 'past_reply'; replyEmailId?: string; subject: string | null; date: string | null; excerpt: string }
  | { kind: 'knowledge'; documentId: string; filename: string; headingPath: string[]; excerpt: string };

export type ComposeResult = {
  body: string;
  subject: string;
  mode: DraftMode;
  /** 0..1: how sure the engine is the draft answers the mail (low confidence flags needs_review). */
  confidence: number;
  /** Why the draft looks the way it does, for the user ("Adapted from your reply to ... on ..."). */
  reasons: string[];
  usedSources: UsedSource[];
  suggestedAttachments: AttachmentSuggestion[];
  /** Set by post-processing: facts not found in any source, low confidence, ... */
  reviewReasons: string[];
  /** styleMatch(profile, body), 0..1; null without a profile. */
  styleMatch: number | null;
  /** Language of the incoming mail (ISO 639-1) the draft is written in, when detected. */
  language: string | null;
  engine: string;
  plan: DraftPlan;
  handling: AskHandling[];
  /** Why no draft was written (plan 'none'), for the queue. */
  noDraftReason: string | null;
};

/** What an engine writes before the one post-processing step (postProcess in compose.ts) finishes it. */
export type RawDraft = {
  body: string;
  subject?: string;
  confidence: number;
  reasons: string[];
  usedSources: UsedSource[];
  /** 'builtin' or the LLM model name. */
  engine: string;
  plan: DraftPlan;
  handling: AskHandling[];
  noDraftReason?: string | null;
};

// --- the drafting memory (issue 20; learnt and applied in learning-memory.ts) ---------------------

export type MemoryScope = 'global' | 'sender' | 'domain';
export type MemoryKind = 'avoid_phrase' | 'substitution' | 'greeting' | 'closing' | 'lower_confidence' | 'length' | 'avoid_source';

/**
 * One thing learnt. `value`: the phrase avoided, the word(s) replaced, the greeting or closing line
 * ('' = none), for lower_confidence the sender / domain itself, for avoid_source the email id of a
 * past reply the built-in engine no longer adapts. `replacement`: a substitution's
 * new words. `scopeValue`: the sender's address or the domain, '' for global.
 */
export type MemoryItem = {
  scope: MemoryScope;
  scopeValue: string;
  kind: MemoryKind;
  value: string;
  replacement: string | null;
  evidence: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
};
