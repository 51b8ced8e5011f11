/**
 * The deadline of an ask, when the sentence gives one: "by Friday", "no later than 5 pm on 10/30",
 * "today", "end of day", "as soon as possible". The words are found on the sentence's tagged tokens
 * (wink-nlp's DATE and TIME entities); the day they fall on is resolved by chrono-node from the
 * mail's own date (a "Friday" in a mail of Monday 29 October 2001 is 2 November 2001).
 */
import { createRequire } from 'node:module';
import type { Token } from './nlp.ts';
import type { Deadline } from './types.ts';

/** Words that make the date after them a deadline. */
const BEFORE = new Set(['by', 'before', 'until', 'till', 'due', 'through']);
/** Multi-word deadline openers, lower-case token sequences. */
const BEFORE_PHRASES = [
  ['no', 'later', 'than'],
  ['not', 'later', 'than'],
  ['prior', 'to'],
  ['on', 'or', 'before'],
  ['at', 'the', 'latest'],
];
/** Days that are deadlines on their own in an ask ("send it today"). */
const NEAR_DAYS =
  /^(today|tonight|tomorrow|this (morning|afternoon|evening)|end of (the )?(day|week|month)|eod|cob|close of business|first thing (tomorrow|in the morning)|tomorrow (morning|afternoon))$/i;
/** "As soon as possible": the mail's own day. */
const ASAP = /\b(asap|a\.s\.a\.p\.?|as soon as (possible|you can)|immediately|right away|urgent(ly)?|at your earliest convenience)\b/i;

/** chrono-node, loaded on first use (with nlp.ts's libraries, not when the server starts). */
const load = createRequire(import.meta.url);
let chrono: typeof import('chrono-node') | null = null;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function resolve(text: string, mailDate: Date | null): string | null {
  if (!mailDate) return null;
  const lower = text.toLowerCase();
  if (/\b(eod|cob|close of business|end of (the )?day|today|tonight|this (morning|afternoon|evening))\b/.test(lower))
    return dayOf(mailDate);
  chrono ??= load('chrono-node') as typeof import('chrono-node');
  const found = chrono.parseDate(text.replace(/\b(eow|end of (the )?week)\b/i, 'Friday'), mailDate, { forwardDate: true });
  return found ? dayOf(found) : null;
}

function matchesAt(tokens: Token[], at: number, words: string[]): boolean {
  return words.every((word, i) => tokens[at + i]?.lower === word);
}

/** The span of date and time words starting at `from` (entity tokens and the words that join them: "5 pm on 10/30"). */
function dateSpan(tokens: Token[], from: number): number {
  let end = from;
  let i = from;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const dated = token.entity === 'DATE' || token.entity === 'TIME' || (token.pos === 'NUM' && /[/:]/.test(token.text));
    if (dated) {
      end = i + 1;
      i++;
      continue;
    }
    // "5 pm on 10/30", "Friday at noon", "end of day": joiners between dated words.
    if (['on', 'at', ',', 'of', 'the', 'this', 'next', 'noon', 'morning', 'afternoon'].includes(token.lower) && i + 1 < tokens.length) {
      i++;
      continue;
    }
    break;
  }
  return end;
}

/**
 * The deadline of a sentence's ask, with the token index where its words start (the asked thing
 * ends there), or null.
 */
export function deadlineOf(tokens: Token[], mailDate: Date | null): { deadline: Deadline; at: number; explicit: boolean } | null {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const phrase = BEFORE_PHRASES.find((words) => matchesAt(tokens, i, words));
    const opener = phrase ? phrase.length : BEFORE.has(token.lower) ? 1 : 0;
    if (opener) {
      const start = i + opener;
      const end = dateSpan(tokens, start);
      if (end > start) {
        const text = tokens
          .slice(i, end)
          .map((t) => t.text)
          .join(' ')
          .replace(/\s+([,.])/g, '$1');
        return {
          deadline: {
            text,
            date: resolve(
              tokens
                .slice(start, end)
                .map((t) => t.text)
                .join(' '),
              mailDate,
            ),
          },
          at: i,
          explicit: true,
        };
      }
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.entity !== 'DATE') continue;
    const end = dateSpan(tokens, i);
    const text = tokens
      .slice(i, end)
      .map((t) => t.text)
      .join(' ');
    if (NEAR_DAYS.test(text.replace(/\s+(at|by)\s.*$/, '')))
      return { deadline: { text, date: resolve(text, mailDate) }, at: i, explicit: false };
  }
  const sentence = tokens.map((t) => t.text).join(' ');
  // Near days the tagger left untagged ("this morning", "end of day").
  const near =
    /\b(today|tonight|tomorrow( morning| afternoon)?|this (morning|afternoon|evening)|end of (the )?(day|week|month)|eod|cob|close of business)\b/i.exec(
      sentence,
    );
  if (near) {
    const word = near[0].split(/\s+/)[0]!.toLowerCase();
    const at = tokens.findIndex((t) => t.lower === word);
    return { deadline: { text: near[0], date: resolve(near[0], mailDate) }, at: at < 0 ? tokens.length : at, explicit: false };
  }
  const asap = ASAP.exec(sentence);
  if (asap) {
    const word = asap[0].split(/\s+/)[0]!.toLowerCase();
    const at = tokens.findIndex((t) => t.lower === word);
    return { deadline: { text: asap[0], date: mailDate ? dayOf(mailDate) : null }, at: at < 0 ? tokens.length : at, explicit: true };
  }
  return null;
}
