// A corpus mailbox as triage reads it (the triage benches): every message of a user's inbox and
// sent folders parsed, and the reader (the owner's addresses and names) as the product would know
// them at a given time.
import fs from 'node:fs';
import path from 'node:path';
import { splitOwnWords } from '../apps/server/src/mail/engine/own-words.ts';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { greetingNames } from '../apps/server/src/understanding/engine/audience.ts';
import { readerNames } from '../apps/server/src/understanding/engine/reader.ts';
import { type TriageMail, triageMailOfParsed } from '../apps/server/src/understanding/engine/triage.ts';
import type { Reader } from '../apps/server/src/understanding/engine/types.ts';

export const SENT_FOLDERS = ['sent', 'sent_items', '_sent_mail'];

// --- reading a mailbox --------------------------------------------------------------------------

export type CorpusMail = TriageMail & { rel: string; outgoing: boolean; xFrom: string | null };

function filesOf(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((file) => path.join(dir, file))
    .filter((file) => fs.statSync(file).isFile())
    .sort();
}

/** "Kaminski, Vince J </O=ENRON/...>" → "Vince J Kaminski". */
function displayName(xFrom: string | null): string | null {
  const name = xFrom?.replace(/<[^>]*>/g, '').trim();
  if (!name) return null;
  const [last, first] = name.split(',').map((part) => part.trim());
  return first ? `${first} ${last}` : name;
}

export async function readMailbox(enron: string, user: string): Promise<CorpusMail[]> {
  const out: CorpusMail[] = [];
  for (const folder of ['inbox', ...SENT_FOLDERS]) {
    for (const file of filesOf(path.join(enron, user, folder))) {
      const raw = fs.readFileSync(file);
      const parsed = await parseMessage(new Uint8Array(raw));
      const xFrom = /^X-From: (.*)$/m.exec(raw.toString('latin1'))?.[1] ?? null;
      out.push({ ...triageMailOfParsed(parsed), rel: path.relative(enron, file), outgoing: folder !== 'inbox', xFrom });
    }
  }
  return out;
}

export const time = (mail: { receivedDate: Date | null }) => mail.receivedDate?.getTime() ?? 0;

function mostCommon(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** The reader as the product would know them at `before`: addresses, and names from mail older than that. */
export function readerAt(mail: CorpusMail[], before: number): Reader {
  const sent = mail.filter((m) => m.outgoing);
  const addresses = [...new Set(sent.map((m) => m.senderEmail?.toLowerCase()).filter((a): a is string => Boolean(a)))];
  const own = new Set(addresses);
  const older = mail.filter((m) => time(m) < before);
  const ownName = displayName(mostCommon(sent.map((m) => m.xFrom)));
  const signatures = older
    .filter((m) => m.outgoing)
    .slice(-300)
    .map((m) => splitOwnWords(m.bodyText ?? '', ownName).signature.split('\n')[0] ?? '')
    .filter(Boolean);
  const greetingsToReader = older
    .filter((m) => !m.outgoing && m.recipientEmails.length === 1 && own.has(m.recipientEmails[0]!.toLowerCase()))
    .map((m) => {
      const first = (m.bodyText ?? '').split('\n').find((line) => line.trim()) ?? '';
      return greetingNames(first)?.[0] ?? '';
    })
    .filter(Boolean);
  return { addresses, names: readerNames({ displayNames: [ownName], addresses, signatures, greetingsToReader }) };
}
