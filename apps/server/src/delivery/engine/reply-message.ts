import { randomUUID } from 'node:crypto';

// The reply as a message: headers, text and HTML, from the draft, the mail it answers, the account
// and the signature. Pure; delivery/mime.ts turns it into MIME with nodemailer's MailComposer.

export type ReplyMessage = {
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  /** Without angle brackets, as every Message-ID here. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  text: string;
  html: string;
  date: Date;
};

export type ReplyInput = {
  draft: { subject: string | null; body: string; recipients: { to: string[]; cc: string[] } };
  mail: { subject: string | null; messageId: string | null; references: string[] };
  account: { address: string; displayName: string | null };
  signature: string | null;
  messageId: string;
  date: Date;
};

/** Reply and forward prefixes of the languages Penman's users write in: "Re:", "RE:", "Aw:", "Sv:", "Antw:", "Re[2]:". */
const REPLY_PREFIX = /^\s*(re|aw|sv|antw|vs|odp)\s*(\[\d+\])?\s*:\s*/i;

/** A References header stays short: the thread's first message and its newest ones (RFC 5322 3.6.4 allows trimming). */
export const MAX_REFERENCES = 20;

/** "Re: " and the subject without its reply prefixes, so no "Re: Re:" or "Re: AW:". */
export function replySubject(subject: string | null): string {
  let rest = (subject ?? '').trim();
  while (REPLY_PREFIX.test(rest)) rest = rest.replace(REPLY_PREFIX, '');
  return rest ? `Re: ${rest}` : 'Re:';
}

/** The mail's References and its own Message-ID, without repeats, trimmed to the first and the newest ones. */
export function replyReferences(mail: { messageId: string | null; references: string[] }): string[] {
  const all = [...new Set([...mail.references, ...(mail.messageId ? [mail.messageId] : [])].map(bare).filter(Boolean))];
  if (all.length <= MAX_REFERENCES) return all;
  return [all[0]!, ...all.slice(all.length - (MAX_REFERENCES - 1))];
}

const bare = (id: string) => id.trim().replace(/^<|>$/g, '');

/** A Message-ID on the account's own domain, made once per draft. */
export function newMessageId(accountAddress: string): string {
  const domain = accountAddress.slice(accountAddress.lastIndexOf('@') + 1).toLowerCase() || 'penman.invalid';
  return `${randomUUID()}@${domain}`;
}

const normalize = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .trim();

/** The body with the signature once: not added when the draft already ends with it (or holds it). */
export function withSignature(body: string, signature: string | null): string {
  const text = body.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  const sig = signature ? normalize(signature) : '';
  if (!sig) return text;
  const compact = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();
  if (compact(text).endsWith(compact(sig)) || compact(text).includes(compact(sig))) return text;
  return `${text}\n\n${sig}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The text as HTML: escaped, one <p> per paragraph, line breaks kept. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>\n')}</p>`);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>\n${paragraphs.join('\n')}\n</body></html>`;
}

export function replyMessage(input: ReplyInput): ReplyMessage {
  const text = withSignature(input.draft.body, input.signature);
  return {
    from: { name: input.account.displayName?.trim() || '', address: input.account.address },
    to: input.draft.recipients.to,
    cc: input.draft.recipients.cc,
    subject: input.draft.subject?.trim() ? replySubject(input.draft.subject) : replySubject(input.mail.subject),
    messageId: bare(input.messageId),
    inReplyTo: input.mail.messageId ? bare(input.mail.messageId) : null,
    references: replyReferences(input.mail),
    text: `${text}\n`,
    html: textToHtml(text),
    date: input.date,
  };
}
