/**
 * Who is behind an address, from the address and its display name alone: the person's name, the
 * organisation a domain belongs to, and whether a machine sent the mail. Pure; read by contacts,
 * the style profile, topics and (later) triage.
 */

/** Free-mail and consumer-ISP domains: a contact there works for no company we can name. */
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'proton.me',
  'protonmail.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'qq.com',
  '163.com',
  'fastmail.com',
  'hey.com',
  'comcast.net',
  'att.net',
  'verizon.net',
  'rr.com',
  'earthlink.net',
  'sbcglobal.net',
  'bellsouth.net',
  'cox.net',
  'charter.net',
  'juno.com',
  'netzero.net',
  'prodigy.net',
  'swbell.net',
  'pacbell.net',
  'mindspring.com',
  'optonline.net',
  'btinternet.com',
  'orange.fr',
  'free.fr',
  'wanadoo.fr',
  't-online.de',
  'libero.it',
  'shaw.ca',
  'rogers.com',
  'sympatico.ca',
  'bigpond.com',
]);

/** The domain or its registrable parent (austin.rr.com → rr.com) is a free-mail or ISP domain. */
export function isFreeMail(domain: string): boolean {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) if (FREE_MAIL.has(labels.slice(i).join('.'))) return true;
  return false;
}

const AUTOMATED_LOCAL =
  /^(no-?reply|do-?not-?reply|mailer-daemon|mailer|postmaster|bounces?|notifications?|notify|alerts?|news(letters?)?|marketing|info|support-noreply|automated|daemon|subscriptions?|digest|bulletin|announce(ments)?|updates?|listserv|majordomo)([+._-].*)?$/i;

/** Mail from a machine: no-reply style addresses, bounces, auto-replies and bulk mail. */
export function isAutomated(mail: {
  senderEmail: string | null;
  headers: { precedence?: string; autoSubmitted?: string; listUnsubscribe?: string; listId?: string };
}): boolean {
  const local = mail.senderEmail?.split('@')[0] ?? '';
  if (AUTOMATED_LOCAL.test(local)) return true;
  const { precedence, autoSubmitted, listUnsubscribe, listId } = mail.headers;
  if (precedence && /bulk|list|junk/i.test(precedence)) return true;
  if (autoSubmitted && !/^no$/i.test(autoSubmitted.trim())) return true;
  return Boolean(listUnsubscribe || listId);
}

export function normalizeEmail(address: string): string {
  return address.trim().replace(/^<|>$/g, '').toLowerCase();
}

/** "Allen, Phillip K." → Phillip / Allen; "Vince Kaminski" → Vince / Kaminski; quotes and addresses dropped. */
export function splitName(displayName: string | null): { firstName: string | null; lastName: string | null } {
  if (!displayName) return { firstName: null, lastName: null };
  const name = displayName
    .replace(/["']/g, '')
    .replace(/\s*[<(].*$/, '')
    .trim();
  if (!name || name.includes('@')) return { firstName: null, lastName: null };
  if (name.includes(',')) {
    const [last, rest] = name.split(',', 2).map((part) => part.trim());
    const first = rest?.split(/\s+/)[0] ?? null;
    return { firstName: first || null, lastName: last || null };
  }
  const parts = name.split(/\s+/);
  if (parts.length === 1) return { firstName: parts[0]!, lastName: null };
  return { firstName: parts[0]!, lastName: parts[parts.length - 1]! };
}

/** The organisation's name from its domain: enron.com → Enron; mail.acme.co.uk → Acme. */
export function companyFromDomain(domain: string): string | null {
  if (isFreeMail(domain)) return null;
  const labels = domain.split('.');
  // Second-level country domains (co.uk, com.au): the label before them names the organisation.
  const core =
    labels.length >= 3 && /^(co|com|org|net|ac|gov)$/.test(labels[labels.length - 2]!)
      ? labels[labels.length - 3]
      : labels[labels.length - 2];
  if (!core) return null;
  return core.charAt(0).toUpperCase() + core.slice(1);
}
