// Composing a reply (issue 18, "Composing: two engines, one interface"): the built-in engine
// (builtin.ts: retrieval and adaptation of the user's own replies) or the LLM engine writes a
// RawDraft; postProcess (post-process.ts) finishes either the same way.
import { builtinDraft } from './builtin.ts';
import { postProcess } from './post-process.ts';
import type { ComposeInput, ComposeResult } from './types.ts';

export { builtinDraft } from './builtin.ts';
export { postProcess } from './post-process.ts';

/** The built-in engine's draft, post-processed. */
export function composeReply(input: ComposeInput): ComposeResult {
  return postProcess(input, builtinDraft(input));
}
