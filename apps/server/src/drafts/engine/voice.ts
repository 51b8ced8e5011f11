/**
 * How the user opens and closes a mail to this kind of recipient, from their style profile: the
 * greeting ("Hi [Name]," with the sender's first name), the closing line ("Thanks,") and the
 * signature block ("Phillip"), and their layout habits (a blank line after the greeting or not).
 * Both engines' drafts are wrapped in this by post-processing, so a draft never has two sign-offs.
 */
import type { StylePattern } from '@penman/contract';
import { SIGN_OFF, splitOwnWords } from '../../mail/engine/own-words.ts';
import { splitName } from '../../mail/engine/people.ts';
import type { ComposeInput, ComposePerson } from './types.ts';

export type Audience = 'internal' | 'external' | null;

export type Voice = {
  /** The greeting line with the name filled in ("Bob,"), or null when the user would not greet. */
  greeting: string | null;
  /** The closing line as the user writes it ("Thanks,", "Thanks -"), or null. */
  closing: string | null;
  /** The signature block ("Phillip"), or null. */
  signature: string | null;
  /** The user leaves a blank line after the greeting. */
  blankAfterGreeting: boolean;
  /** The user leaves a blank line before the closing / signature. */
  blankBeforeSignOff: boolean;
  /** The sender's first name, as it would be written in the greeting. */
  firstName: string | null;
  audience: Audience;
};

/**
 * The user greets (or closes) a recipient of this kind when at least this share of their mail to
 * that kind carries a greeting (closing). Below it a draft without one sounds more like them: many
 * people answer colleagues with no greeting at all.
 */
const MIN_HABIT_SHARE = 0.3;

/** "MONICA" → "Monica", "bob" → "Bob", "ed" → "Ed"; a name of initials ("JL") kept. */
function nameCase(name: string): string {
  if (name.length <= 2 && name === name.toUpperCase()) return name;
  if (name === name.toUpperCase() || name === name.toLowerCase()) return `${name[0]!.toUpperCase()}${name.slice(1).toLowerCase()}`;
  return name;
}

/**
 * The first name to greet the sender by: the contact's name, else the mail's display name, else an
 * address shaped like first.last@ ("monica.l.brown@" → Monica) when the mail's words, if given, name
 * them so ("wise.counsel@" is no Wise). Null when none is a name.
 */
export function firstNameOf(input: {
  contact: { name: string | null } | null;
  email: { from: ComposePerson; text?: string };
}): string | null {
  for (const name of [input.contact?.name, input.email.from.name]) {
    const first = splitName(name ?? null).firstName?.replace(/[^\p{L}'-]/gu, '');
    if (first && first.length >= 2 && /^\p{L}/u.test(first)) return nameCase(first);
  }
  const local = input.email.from.address.split('@')[0] ?? '';
  const parts = local.split(/[._-]+/);
  const named = input.email.text === undefined || new RegExp(`\\b${parts[0]}\\b`, 'i').test(input.email.text);
  if (parts.length >= 2 && /^\p{L}{2,}$/u.test(parts[0]!) && named) return nameCase(parts[0]!);
  return null;
}

/**
 * Internal or external: the contact book's view when it has one; else internal when the sender's
 * domain is one of the owner's addresses' domains (a colleague), external otherwise.
 */
export function audienceOf(input: Pick<ComposeInput, 'contact' | 'email' | 'owner'>): Audience {
  if (input.contact?.context) return input.contact.context;
  const domain = input.email.from.address.split('@')[1]?.toLowerCase();
  if (!domain) return null;
  const own = new Set(input.owner.addresses.map((address) => address.split('@')[1]?.toLowerCase()));
  return own.has(domain) ? 'internal' : 'external';
}

/** A pattern's share among this audience's mail, or its overall share when that group is unknown. */
function shareFor(pattern: StylePattern, audience: Audience): number {
  const byAudience = audience === 'internal' ? pattern.internalShare : audience === 'external' ? pattern.externalShare : null;
  return byAudience ?? pattern.share;
}

/** The user's most frequent pattern for this audience, if they use such patterns often enough at all. */
function habitual(patterns: StylePattern[], audience: Audience, usable: (p: StylePattern) => boolean): StylePattern | null {
  const total = patterns.reduce((sum, pattern) => sum + shareFor(pattern, audience), 0);
  if (total < MIN_HABIT_SHARE) return null;
  const ranked = patterns.filter(usable).sort((a, b) => shareFor(b, audience) - shareFor(a, audience));
  return ranked[0] ?? null;
}

/** How the user lays out a greeting: a blank line after it in most of their past replies that open with one. */
function layoutHabits(input: ComposeInput): { blankAfterGreeting: boolean; blankBeforeSignOff: boolean } {
  let greeted = 0;
  let blankAfter = 0;
  let closed = 0;
  let blankBefore = 0;
  for (const past of input.pastReplies) {
    const lines = splitOwnWords(past.reply.text, input.owner.name).text.split('\n');
    const first = lines.findIndex((line) => line.trim());
    if (first >= 0 && /^[\p{L} .'-]{1,40}(,|:|\s-+|!)?$/u.test(lines[first]!.trim()) && lines.length > first + 1) {
      greeted++;
      if (!lines[first + 1]!.trim()) blankAfter++;
    }
    const last = lines.map((line) => line.trim()).findLastIndex(Boolean);
    if (last > 0 && SIGN_OFF.test(lines[last]!.trim())) {
      closed++;
      if (!lines[last - 1]!.trim()) blankBefore++;
    }
  }
  // Without evidence, the common layout: a blank line after the greeting and before the sign-off.
  return {
    blankAfterGreeting: greeted === 0 || blankAfter * 2 >= greeted,
    blankBeforeSignOff: closed === 0 || blankBefore * 2 >= closed,
  };
}

/** The user's voice for this mail's sender. Without a profile: a plain "Hi Name," and no sign-off habits. */
export function voiceFor(input: ComposeInput): Voice {
  const firstName = firstNameOf(input);
  const audience = audienceOf(input);
  const layout = layoutHabits(input);
  const profile = input.profile;
  if (!profile) {
    return { greeting: firstName ? `Hi ${firstName},` : 'Hi,', closing: null, signature: null, firstName, audience, ...layout };
  }
  // A greeting that names the sender needs a name; else the user's next greeting that does not.
  const greetingPattern = habitual(profile.greetingPatterns, audience, (p) => firstName !== null || !p.text.includes('[Name]'));
  const greeting = greetingPattern ? greetingPattern.text.replace('[Name]', firstName ?? '').trim() : null;
  const closingPattern = habitual(profile.closingPatterns, audience, () => true);
  const signature = profile.signatureStyle.kind === 'none' ? null : profile.signatureStyle.example;
  return { greeting, closing: closingPattern?.text ?? null, signature, firstName, audience, ...layout };
}
