import { parseMailboxes } from '../../mail/engine/addresses.ts';

export type ReplyRecipients = { to: string[]; cc: string[] };

export type MailToAnswer = {
  senderEmail: string | null;
  /** The Reply-To header as written, when the mail has one. */
  replyTo?: string | null | undefined;
  recipientEmails: string[];
  ccEmails: string[];
};

const lower = (address: string) => address.trim().toLowerCase();

function unique(addresses: string[], exclude: Set<string>): string[] {
  const seen = new Set(exclude);
  const out: string[] = [];
  for (const address of addresses.map(lower)) {
    if (!address.includes('@') || seen.has(address)) continue;
    seen.add(address);
    out.push(address);
  }
  return out;
}

/**
 * Who a reply goes to: Reply-To when the mail has one, else From. Replying to all adds, as Cc,
 * everyone else the mail was addressed to (To and Cc), without the owner's own addresses and
 * without the ones already in To.
 */
export function replyRecipients(mail: MailToAnswer, ownerAddresses: string[], replyAll: boolean): ReplyRecipients {
  const owners = new Set(ownerAddresses.map(lower));
  const replyTo = parseMailboxes(mail.replyTo ?? undefined).map((m) => m.address);
  const to = unique(replyTo.length > 0 ? replyTo : mail.senderEmail ? [mail.senderEmail] : [], owners);
  if (!replyAll) return { to, cc: [] };
  const sender = mail.senderEmail ? [lower(mail.senderEmail)] : [];
  const cc = unique([...mail.recipientEmails, ...mail.ccEmails], new Set([...owners, ...to, ...sender]));
  return { to, cc };
}

/** Reply to all when the mail was addressed to anyone besides the owner and the sender. */
export function repliesToAll(mail: MailToAnswer, ownerAddresses: string[]): boolean {
  return replyRecipients(mail, ownerAddresses, true).cc.length > 0;
}
