// `npm run bench -- drafts`: drafting on real Enron mailboxes, no database. For now the triage part
// (bench/drafts-triage.ts: needs_reply precision and recall against what each user answered) on
// CORPUS_DIR (default ../shared/corpus); the lead joins the other parts here.
import path from 'node:path';
import { triage } from './drafts-triage.ts';

const corpusDir = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
const { needsReplyPrecision, needsReplyRecall } = await triage(corpusDir);
console.log(JSON.stringify({ needsReplyPrecision, needsReplyRecall }));
