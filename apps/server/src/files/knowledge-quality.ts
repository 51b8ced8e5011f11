import fs from 'node:fs';
import path from 'node:path';

/** The fictional business's documents and the question set written independently of the search (fixtures/knowledge). */
export const KNOWLEDGE_FIXTURES = path.join(import.meta.dirname, 'fixtures', 'knowledge');

export type KnowledgeQuestion = { question: string; document: string; note: string };

export function knowledgeFixtures(): { documents: { name: string; markdown: string }[]; questions: KnowledgeQuestion[] } {
  const documents = fs
    .readdirSync(KNOWLEDGE_FIXTURES)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => ({ name: name.replace(/\.md$/, ''), markdown: fs.readFileSync(path.join(KNOWLEDGE_FIXTURES, name), 'utf8') }));
  const questions = JSON.parse(fs.readFileSync(path.join(KNOWLEDGE_FIXTURES, 'questions.json'), 'utf8')) as KnowledgeQuestion[];
  return { documents, questions };
}

/** Top-1 and top-3 rates: the expected document is the best passage's, or among the first three distinct documents. */
export function rankRates(results: { expected: string; ranked: string[] }[]) {
  let top1 = 0;
  let top3 = 0;
  const misses: { expected: string; ranked: string[] }[] = [];
  for (const { expected, ranked } of results) {
    const documents = [...new Set(ranked)];
    if (documents[0] === expected) top1++;
    if (documents.slice(0, 3).includes(expected)) top3++;
    else misses.push({ expected, ranked: documents.slice(0, 3) });
  }
  return { questions: results.length, top1: top1 / results.length, top3: top3 / results.length, misses };
}
