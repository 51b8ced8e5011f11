import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';
import { markdownToDocx, markdownToPdf } from '../test-support/documents.ts';
import { knowledgeFixtures, rankRates, splitQuestions } from './knowledge-quality.ts';
import { analyzeKnowledge, searchKnowledge } from './service.ts';

const t = await createTestApp({}, { workers: true });
const { cookie, user } = await t.signUpAndIn('tarnside@example.com');
const accountId = await t.insertEmailAccount(user.id, 'shop@tarnside.example');
const { documents, questions } = knowledgeFixtures();

/** Half the documents as PDF, half as DOCX, uploaded as a user would. */
for (const [i, document] of documents.entries()) {
  const asPdf = i % 2 === 0;
  const bytes = asPdf ? await markdownToPdf(document.markdown, document.name) : await markdownToDocx(document.markdown, document.name);
  const form = new FormData();
  form.set('categories', 'knowledge');
  form.set('file', new Blob([bytes]), `${document.name}.${asPdf ? 'pdf' : 'docx'}`);
  const response = await t.request(`/api/accounts/${accountId}/files`, { method: 'POST', cookie, body: form });
  if (response.status !== 201) throw new Error(`upload ${document.name}: ${response.status}`);
}
for (let waited = 0; ; waited += 100) {
  const { rows } = await t.database.pool.query(
    `select count(*)::int as n from knowledge_documents where status in ('uploaded', 'processing')`,
  );
  if (rows[0].n === 0) break;
  if (waited > 60_000) throw new Error('documents not processed');
  await new Promise((r) => setTimeout(r, 100));
}

/** Top-1 and top-3 rates of a set of questions, searched as drafting would (ten passages). */
async function ratesOf(set: typeof questions) {
  const results = [];
  for (const { question, document } of set) {
    const passages = await searchKnowledge({ db: t.deps.db, userId: user.id, accountId, text: question, limit: 10 });
    results.push({ expected: document, ranked: passages.map((p) => p.filename.replace(/\.(pdf|docx)$/, '')) });
  }
  return rankRates(results);
}

describe("searchKnowledge on a business's documents, with questions written without seeing the search", () => {
  it('finds the document that answers the question among the first three for at least 90% of them', async () => {
    const { tuning, heldOut } = splitQuestions(questions);
    const [all, tuned, unseen] = [await ratesOf(questions), await ratesOf(tuning), await ratesOf(heldOut)];
    const summary = (rates: typeof all) => `top-1 ${rates.top1.toFixed(3)}, top-3 ${rates.top3.toFixed(3)} of ${rates.questions}`;
    const report = `all: ${summary(all)}; tuning part: ${summary(tuned)}; held-out part: ${summary(unseen)}`;
    expect(all.questions).toBeGreaterThanOrEqual(50);
    expect(unseen.questions).toBeGreaterThanOrEqual(20);
    expect(all.top3, report).toBeGreaterThanOrEqual(0.9);
  });

  it("searches for what a question is about, not its function words or an email's courtesies", async () => {
    const passages = await searchKnowledge({
      db: t.deps.db,
      userId: user.id,
      accountId,
      text: 'Hello, could you do that for me, or would it be too much? Thanks, kind regards',
      limit: 10,
    });
    expect(passages).toEqual([]);
  });

  it('refreshes the planner statistics of the passages once documents were read (one job for the burst)', async () => {
    const { rows: jobs } = await t.database.pool.query(`select count(*)::int as n from pgboss.job where name = 'files.analyze-knowledge'`);
    expect(jobs[0].n).toBeGreaterThanOrEqual(1);
    expect(jobs[0].n).toBeLessThan(documents.length);
    await analyzeKnowledge(t.deps);
    const { rows } = await t.database.pool.query(`select last_analyze from pg_stat_user_tables where relname = 'knowledge_chunks'`);
    expect(rows[0].last_analyze).not.toBeNull();
  });
});
