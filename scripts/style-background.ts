// `node --import tsx scripts/style-background.ts`: writes apps/server/src/style/engine/background.json,
// the style model of "other people's mail" that styleMatch weighs a user's model against. It is the
// own words (quotes and signatures removed) of mail people sent to the mailboxes of CORPUS_DIR
// (default ../shared/corpus, the development group: the groups styleMatch is checked on, corpus-b and
// corpus-c, never shape it), MAX_PER_MAILBOX inbox mails each, each cut to MAX_CHARS.
import fs from 'node:fs';
import path from 'node:path';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { bodyOf, ownWords } from '../apps/server/src/style/engine/own-words.ts';
import { buildFingerprint } from '../apps/server/src/style/engine/style-match.ts';
import { listFiles } from '../apps/server/src/test-support/corpus.ts';

const CORPUS_DIR = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
const MAX_PER_MAILBOX = 400;
const MAX_CHARS = 1500;
const OUT = path.join(import.meta.dirname, '../apps/server/src/style/engine/background.json');

const texts: string[] = [];
for (const mailbox of fs.readdirSync(path.join(CORPUS_DIR, 'enron')).sort()) {
  const inbox = path.join(CORPUS_DIR, 'enron', mailbox, 'inbox');
  if (!fs.existsSync(inbox)) continue;
  for (const file of listFiles(inbox).slice(0, MAX_PER_MAILBOX)) {
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
    const text = ownWords(bodyOf(parsed.bodyText, parsed.bodyHtml), null).slice(0, MAX_CHARS);
    if (/[\p{L}\p{N}]/u.test(text)) texts.push(text);
  }
}
const { families } = buildFingerprint(texts);
fs.writeFileSync(OUT, `${JSON.stringify({ source: `${texts.length} inbox mails of ${path.basename(CORPUS_DIR)}`, families })}\n`);
process.stdout.write(`${OUT}: ${texts.length} mails, ${(fs.statSync(OUT).size / 1024).toFixed(0)} KB\n`);
