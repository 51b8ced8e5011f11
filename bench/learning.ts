// `npm run bench -- learning` (issue 20, "Learning from what the user does"): does the drafting
// memory make the next drafts better? No database: the corpus is replayed through the same pure
// functions the server uses (compareDraft, deriveMemory, post-processing's applyMemory).
//
// Corpus: CORPUS_DIR (default ../shared/corpus), users of its `enron-pairs/pairs.jsonl`, read by
// bench/drafts-quality.ts (profile of the month, past replies before the mail, BM25 retrieval).
// For each user, their reply pairs in time order (incoming date):
// - without learning: the built-in engine's draft (composeReply), as in the drafts-quality bench;
// - with learning: the same, with ComposeInput.memory derived from every earlier pair of the user,
//   where the real reply stood in for the user's edit of that pair's (learning) draft.
// Each draft is scored with ROUGE-L F1 against the real reply. Reported: the first and the last
// quarter of each user's timeline (pairs, not time), with and without learning, and the relative
// change of the last quarter (issue's target: +15%). Ends with one line of JSON.
// SHOW_MEMORY=1 prints each user's memory at the end of their timeline; SHOW_CHANGES=1 each draft learning changed.
// REPLIES_AS_EDITS=1: the real replies count as edits in the review queue rather than own replies.
import path from 'node:path';
import { composeReply } from '../apps/server/src/drafts/engine/compose.ts';
import { compareDraft } from '../apps/server/src/drafts/engine/learning.ts';
import { deriveMemory, type LearningObservation } from '../apps/server/src/drafts/engine/learning-memory.ts';
import { rougeL } from '../apps/server/src/drafts/engine/rouge.ts';
import { firstNameOf } from '../apps/server/src/drafts/engine/voice.ts';
import { inputForPair, loadUser, profileCache, readPairs, type UserData } from './drafts-quality.ts';

type Quarter = { pairs: number; without: number; with: number };
type UserResult = { user: string; pairs: number; first: Quarter; last: Quarter; memory: number };

const empty = (): Quarter => ({ pairs: 0, without: 0, with: 0 });
const mean = (q: Quarter, key: 'without' | 'with') => (q.pairs ? q[key] / q.pairs : 0);

export async function learning(corpusDir: string, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {
  const pairs = readPairs(corpusDir);
  const userNames = [...new Set(pairs.map((pair) => pair.user))].sort();
  const users = new Map<string, UserData>();
  for (const user of userNames) users.set(user, await loadUser(corpusDir, user));
  const profileOf = profileCache(users);
  const results: UserResult[] = [];
  for (const user of userNames) {
    const data = users.get(user)!;
    const inputs = [];
    for (const pair of pairs.filter((p) => p.user === user))
      inputs.push({ pair, ...(await inputForPair(corpusDir, pair, data, profileOf)) });
    inputs.sort((a, b) => a.input.email.date!.getTime() - b.input.email.date!.getTime());
    const quarter = Math.max(1, Math.ceil(inputs.length / 4));
    const first = empty();
    const last = empty();
    const observations: LearningObservation[] = [];
    let memory = deriveMemory(observations);
    inputs.forEach(({ pair, input }, index) => {
      const reference = pair.reply_text_above_quote;
      const without = composeReply(input);
      memory = deriveMemory(observations);
      const withMemory = composeReply({ ...input, memory });
      for (const [bucket, inBucket] of [
        [first, index < quarter],
        [last, index >= inputs.length - quarter],
      ] as const) {
        if (!inBucket) continue;
        bucket.pairs++;
        bucket.without += rougeL(without.body, reference);
        bucket.with += rougeL(withMemory.body, reference);
      }
      if (process.env.SHOW_CHANGES && without.body !== withMemory.body)
        log(
          `--- ${pair.incoming_path}: ${rougeL(without.body, reference).toFixed(3)} -> ${rougeL(withMemory.body, reference).toFixed(3)}\n${without.body}\n~~~ with learning:\n${withMemory.body}\n~~~ real:\n${reference}\n`,
        );
      // The user's real reply stands in for their edit of the draft they were shown.
      observations.push({
        draftId: pair.incoming_path,
        sender: input.email.from.address || null,
        firstName: firstNameOf(input),
        at: input.email.date!,
        outcome: 'final',
        comparison: compareDraft(withMemory.body, reference, data.ownName),
        pastReplyId: withMemory.usedSources.flatMap((source) =>
          source.kind === 'past_reply' && source.replyEmailId ? [source.replyEmailId] : [],
        )[0],
        // The real reply was written without the draft, as an own reply arriving by sync is;
        // REPLIES_AS_EDITS=1 takes it for an edit in the review queue (which can drop past replies).
        ownReply: !process.env.REPLIES_AS_EDITS,
      });
    });
    memory = deriveMemory(observations);
    if (process.env.SHOW_MEMORY)
      for (const item of memory) log(`  ${user} memory: ${JSON.stringify({ ...item, firstSeenAt: undefined, lastSeenAt: undefined })}`);
    results.push({ user, pairs: inputs.length, first, last, memory: memory.length });
  }

  const all = { first: empty(), last: empty() };
  log(`Learning on ${corpusDir} (ROUGE-L F1 of drafts against the real replies, without -> with learning)`);
  for (const r of results) {
    for (const key of ['first', 'last'] as const) {
      all[key].pairs += r[key].pairs;
      all[key].without += r[key].without;
      all[key].with += r[key].with;
    }
    log(
      `  ${r.user.padEnd(12)} ${String(r.pairs).padStart(4)} pairs  first quarter ${mean(r.first, 'without').toFixed(3)} -> ${mean(r.first, 'with').toFixed(3)}  last quarter ${mean(r.last, 'without').toFixed(3)} -> ${mean(r.last, 'with').toFixed(3)}  (${r.memory} items learnt)`,
    );
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const summary = {
    pairs: results.reduce((sum, r) => sum + r.pairs, 0),
    firstQuarterWithout: round(mean(all.first, 'without')),
    firstQuarterWith: round(mean(all.first, 'with')),
    lastQuarterWithout: round(mean(all.last, 'without')),
    lastQuarterWith: round(mean(all.last, 'with')),
    lastQuarterRelativeChange: round(mean(all.last, 'with') / Math.max(1e-9, mean(all.last, 'without')) - 1),
  };
  log(
    `  ${'all'.padEnd(12)} ${String(summary.pairs).padStart(4)} pairs  first quarter ${summary.firstQuarterWithout} -> ${summary.firstQuarterWith}  last quarter ${summary.lastQuarterWithout} -> ${summary.lastQuarterWith} (${(100 * summary.lastQuarterRelativeChange).toFixed(1)}% relative)`,
  );
  return summary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const corpus = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
  console.log(JSON.stringify(await learning(corpus)));
}
