// PLACEHOLDER (lead, issue 18): the interface only, so the drafts service can be built beside the
// real engine. The built-in engine replaces this file entirely.
import type { ComposeInput, ComposeResult, RawDraft } from './types.ts';

/** The built-in engine: retrieval and adaptation of the user's own replies (placeholder: a holding reply). */
export function builtinDraft(input: ComposeInput): RawDraft {
  const hours = input.buyTimeHours;
  return {
    body: `Thanks for your email. I will get back to you within ${hours} hours.`,
    confidence: 0.1,
    reasons: ['Placeholder engine'],
    usedSources: [],
    engine: 'builtin',
  };
}

/** The one post-processing of both engines (placeholder: passes the draft through). */
export function postProcess(input: ComposeInput, raw: RawDraft): ComposeResult {
  const subject =
    raw.subject ?? (/^re:/i.test(input.email.subject ?? '') ? (input.email.subject ?? '') : `Re: ${input.email.subject ?? ''}`);
  return {
    body: raw.body,
    subject,
    mode: input.mode,
    confidence: raw.confidence,
    reasons: raw.reasons,
    usedSources: raw.usedSources,
    suggestedAttachments: input.attachments,
    reviewReasons: raw.confidence < 0.3 ? ['Low confidence'] : [],
    styleMatch: null,
    language: null,
    engine: raw.engine,
  };
}

export function composeReply(input: ComposeInput): ComposeResult {
  return postProcess(input, builtinDraft(input));
}
