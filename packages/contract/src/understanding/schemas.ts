import { z } from 'zod';

// What Penman understands of an email (issue 31): the asks it makes and of whom, and triage's
// decision with its reasons in words. The server's understanding engine produces the full shape;
// the web shows what is here.

export const ASK_TYPES = ['question', 'action', 'scheduling', 'comments', 'invitation'] as const;
export const ASKED_OF = ['reader', 'group', 'everyone', 'someone', 'recipients'] as const;
export const MAIL_KINDS = [
  'question',
  'request',
  'scheduling',
  'approval',
  'fyi',
  'announcement',
  'newsletter',
  'automated',
  'thanks',
  'social',
  'other',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** One ask of an email: what is asked (a short phrase from the mail), of whom, by when, and the sentence it came from. */
export const ZAsk = z.object({
  type: z.enum(ASK_TYPES),
  thing: z.string(),
  of: z.enum(ASKED_OF),
  who: z.string().nullable(),
  deadline: z.object({ text: z.string(), date: z.string().nullable() }).nullable(),
  sentence: z.string(),
});
export type Ask = z.infer<typeof ZAsk>;

/** Triage of one email as the Emails view and the queue show it. */
export const ZEmailTriage = z.object({
  needsReply: z.boolean(),
  needsReview: z.boolean(),
  /** Why it needs a reply or not, naming the ask: "Asks you: send the signed supply agreement (by Friday)". */
  reasons: z.array(z.string()),
  /** Why a person should check any reply: "Mentions money: $450, discount". */
  reviewReasons: z.array(z.string()),
  /** The asks the user is expected to answer (empty when none). */
  asks: z.array(ZAsk),
  kind: z.enum(MAIL_KINDS).nullable(),
  /** The user set needs_reply themselves. */
  corrected: z.boolean(),
});
export type EmailTriage = z.infer<typeof ZEmailTriage>;

/** The user's correction: "needs a reply" / "doesn't need a reply". */
export const ZCorrectTriageRequest = z.object({ needsReply: z.boolean() });
export const ZEmailTriageResponse = z.object({ triage: ZEmailTriage });
