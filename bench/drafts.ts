// `npm run bench -- drafts` (issue 18, "Speed"): drafting as a whole, on the corpus in CORPUS_DIR
// (default ../shared/corpus; its users are those of `enron-pairs/pairs.jsonl`), in three parts:
// - quality (bench/drafts-quality.ts): ROUGE-L F1 of the built-in draft against the reply the user
//   really wrote, beside a generic and a nearest-reply baseline, and attribution by styleMatch;
// - triage (bench/drafts-triage.ts): needs_reply precision and recall on a time split;
// - speed (bench/drafts-speed.ts; real PostgreSQL and Dovecot, corpus-independent): time to draft
//   (APPEND into INBOX -> draft row) over 50 messages, compose latency on a 50,000-email account.
// Each part prints its detail on stderr/stdout; the last line is the one JSON of the issue.
// DRAFTS_SPEED=0 skips the speed part (to report the corpus parts of other groups quickly).
import path from 'node:path';
import { quality } from './drafts-quality.ts';
import { composeLatency, timeToDraft } from './drafts-speed.ts';
import { triage } from './drafts-triage.ts';

const corpusDir = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
process.stderr.write(`Drafting quality on ${corpusDir}\n`);
const q = await quality(corpusDir);
process.stderr.write(`Triage on ${corpusDir}\n`);
const t = await triage(corpusDir);
let composeP95Ms: number | null = null;
let timeToDraftP95Ms: number | null = null;
if (process.env.DRAFTS_SPEED !== '0') {
  const draft = await timeToDraft(50);
  process.stderr.write(`time to draft: p50 ${draft.p50Ms.toFixed(0)} ms, p95 ${draft.p95Ms.toFixed(0)} ms\n`);
  const latency = await composeLatency(50_000);
  process.stderr.write(`compose latency: p50 ${latency.compose.p50Ms.toFixed(0)} ms, p95 ${latency.compose.p95Ms.toFixed(0)} ms\n`);
  timeToDraftP95Ms = Math.round(draft.p95Ms);
  composeP95Ms = Math.round(latency.compose.p95Ms);
}
console.log(
  JSON.stringify({
    pairs: q.pairs,
    rougeL: q.rougeL,
    baselineGeneric: q.baselineGeneric,
    baselineNearest: q.baselineNearest,
    attribution: q.attribution,
    needsReplyPrecision: t.needsReplyPrecision,
    needsReplyRecall: t.needsReplyRecall,
    composeP95Ms,
    timeToDraftP95Ms,
  }),
);
process.exit(0);
