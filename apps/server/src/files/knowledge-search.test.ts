import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';
import { markdownToDocx, markdownToPdf } from '../test-support/documents.ts';
import { knowledgeFixtures, rankRates } from './knowledge-quality.ts';
import { searchKnowledge } from './service.ts';

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
  const { rows } = await t.database.pool.query(`select count(*)::int as n from knowledge_documents where status in ('uploaded', 'processing')`);
  if (rows[0].n === 0) break;
  if (waited > 60_000) throw new Error('documents not processed');
  await new Promise((r) => setTimeout(r, 100));
}

describe('searchKnowledge on a business\'s documents, with questions written without seeing the search', () => {
  it('finds the document that answers the question among the first three for at least 90% of them', async () => {
    const results = [];
    for (const { question, document } of questions) {
      const passages = await searchKnowledge({ db: t.deps.db, userId: user.id, accountId, text: question, limit: 10 });
      results.push({ expected: document, ranked: passages.map((p) => p.filename.replace(/\.(pdf|docx)$/, '')) });
    }
    const rates = rankRates(results);
    const missed = results.map((r, i) => ({ r, q: questions[i]! })).filter(({ r }) => ![...new Set(r.ranked)].slice(0, 3).includes(r.expected));
    console.log(missed.map(({ r, q }) => `${q.document} <- ${[...new Set(r.ranked)].slice(0, 3).join(",")} :: ${q.question}`).join("\n"));
    console.log(JSON.stringify({ top1: rates.top1, top3: rates.top3, misses: rates.misses.map((m) => [m.expected, m.ranked.join(","), questions.find((q, i) => results[i] === m)?.question]) }, null, 1));
    expect(rates.questions).toBeGreaterThanOrEqual(50);
    expect(rates.top3).toBeGreaterThanOrEqual(0.9);
  });
});
