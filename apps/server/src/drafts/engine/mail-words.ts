/**
 * Words of an incoming mail that say what it is about: its sender's own text (quotes, forwards and
 * legal footers cut) and the distinct content words of it and its subject. Drafting searches the
 * user's past mail with them.
 */
import { topicOf } from '../../understanding/engine/understand.ts';

const STOP_WORDS = new Set(
  'the a an and or of to in on for at by with from is are was were be been it this that these those i you we he she they me my your our re fw fwd as if not no but so do does did have has had will would can could should may might please thanks thank hi hello dear regards am pm cc subject sent original message forwarded'.split(
    ' ',
  ),
);

/**
 * The sender's own words: the body up to the quoted mail, forwarded text or a legal footer (the
 * Enron and lpl.com disclaimers would otherwise flag every mail as legal language).
 */
export function ownText(bodyText: string | null): string {
  const body = bodyText ?? '';
  const cut = body.search(
    /\n\s*-{2,}\s*(original message|forwarded by)|\n-{2,}\s*\n|\n>|\n\s*(from|to|sent):\s|\non .{1,200} wrote:|\n\s*(this (e-?mail|message)|confidentiality notice|the information contained in this)/i,
  );
  return (cut >= 0 ? body.slice(0, cut) : body).slice(0, 20_000);
}

/** The distinct words of the subject and the first lines of the body, lower-case, without stop words. */
export function queryWords(mail: { subject: string | null; bodyText: string | null }): Set<string> {
  const body = ownText(mail.bodyText).slice(0, 1500);
  const words = `${topicOf(mail.subject).toLowerCase()} ${body}`.toLowerCase().match(/\p{L}[\p{L}'-]{2,}/gu) ?? [];
  return new Set(words.filter((word) => !STOP_WORDS.has(word)).slice(0, 200));
}
