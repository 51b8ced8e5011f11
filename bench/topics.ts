// `npm run bench -- topics` (or `node --import tsx bench/topics.ts`): the topic analysis of the
// Training screen over 10,000 emails, real Enron mail of kaminski-v (inbox and sent items, the
// 2,256 messages cycled). Reads the files once, then times `analyzeTopics` alone, best of 3 runs.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { enronFolder } from '../apps/server/src/test-support/corpus.ts';
import { analyzeTopics, type TopicInput } from '../apps/server/src/training/engine/topic-analysis.ts';

const EMAILS = 10_000;
const RUNS = 3;

/** A crude header/body split: enough for subject, sender and body of the corpus' plain-text mail. */
function toInput(file: string, id: string): TopicInput {
  const raw = fs.readFileSync(file, 'latin1');
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split >= 0 ? raw.slice(0, split) : raw).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: ?(.*)$`, 'im').exec(head)?.[1]?.trim() || null;
  return {
    id,
    subject: header('Subject'),
    bodyText: split >= 0 ? raw.slice(split).trim() : null,
    senderName: header('X-From'),
    senderEmail: header('From'),
  };
}

export async function benchTopics(): Promise<{ emails: number; ms: number }> {
  const files = [...enronFolder('kaminski-v', 'inbox'), ...enronFolder('kaminski-v', 'sent_items')];
  const mail = files.map((file) => toInput(file, file));
  const emails = Array.from({ length: EMAILS }, (_, i) => ({ ...mail[i % mail.length]!, id: `bench-${i}` }));
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const summary = analyzeTopics(emails);
    best = Math.min(best, performance.now() - started);
    if (summary.totalEmails !== EMAILS) throw new Error(`analysed ${summary.totalEmails} emails, expected ${EMAILS}`);
  }
  return { emails: EMAILS, ms: Math.round(best) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { emails, ms } = await benchTopics();
  process.stdout.write(
    `| \`analyzeTopics\` of ${emails.toLocaleString('en-US')} Enron emails (best of ${RUNS}) | ${ms.toLocaleString('en-US')} ms |\n`,
  );
}
