import emailAddresses from 'email-addresses';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { decodeHeaderText } from './encoded-words.ts';

/**
 * The mailboxes of an address header (From, To, Cc), groups flattened, names decoded.
 *
 * Most headers go through nodemailer's addressparser (lenient and fast: about 7 µs an address).
 * A header with a comment or a quoted local part goes through `email-addresses`, a full RFC 5322
 * grammar (about 60 µs an address, so only where needed), which drops comments from addresses
 * (`pete(his account)@silly.test(his host)` is pete@silly.test, with no name) and reads
 * `"munn"."mary"@enron.com` as munn.mary@enron.com. A lone comment after an address with no display
 * name is the old way of giving the name (`jxd@example.com (John X. Doe)`), so it is kept as the
 * name. An entry the grammar refuses falls back to the lenient parser, its address stripped of
 * quotes and spaces.
 */
export type Mailbox = { name: string; address: string };

const NEEDS_GRAMMAR = /[()]|"\s*[.@]/;

/** Top-level entries of an address list: split at commas outside quotes, angle brackets and comments. */
function entries(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let angle = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') i++;
    else if (quoted) quoted = c !== '"';
    else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === '<') angle = true;
    else if (depth === 0 && c === '>') angle = false;
    else if (depth === 0 && !angle && c === ',') {
      out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  out.push(value.slice(start));
  return out.map((entry) => entry.trim()).filter(Boolean);
}

function lenient(value: string): Mailbox[] {
  return addressparser(value, { flatten: true }).map((m) => ({
    name: decodeHeaderText(m.name ?? '').trim(),
    address: (m.address ?? '').replace(/["\s]/g, ''),
  }));
}

function grammar(value: string): Mailbox[] | null {
  const parsed = emailAddresses({ input: value, startAt: 'address-list', rfc6532: true, atInDisplayName: true, rejectTLD: false });
  if (!parsed) return null;
  return parsed.addresses
    .flatMap((a) => (a.type === 'group' ? a.addresses : [a]))
    .map((mailbox) => {
      const comments = mailbox.parts.comments.map((c) => c.tokens.trim()).filter((c) => c.startsWith('('));
      const trailingName =
        !mailbox.name && comments.length === 1 && (mailbox.node?.tokens ?? value).trimEnd().endsWith(comments[0]!)
          ? comments[0]!.slice(1, -1).trim()
          : '';
      return { name: decodeHeaderText(mailbox.name ?? trailingName).trim(), address: mailbox.address };
    });
}

export function parseMailboxes(value: string | undefined): Mailbox[] {
  if (!value?.trim()) return [];
  if (!NEEDS_GRAMMAR.test(value)) return lenient(value);
  return (
    grammar(value) ?? entries(value).flatMap((entry) => (NEEDS_GRAMMAR.test(entry) ? (grammar(entry) ?? lenient(entry)) : lenient(entry)))
  );
}
