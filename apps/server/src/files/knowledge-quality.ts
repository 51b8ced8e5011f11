import { createHash } from 'node:crypto';
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

/** The share of each document's questions kept out of tuning. */
const HELD_OUT_SHARE = 0.3;

/**
 * The question set split in two: `tuning`, the questions looked at while the search was tuned, and
 * `heldOut`, about 30 % of each document's questions (chosen by a hash of their text, so the split
 * never moves), which nobody reads while tuning: their rate is the honest one.
 */
export function splitQuestions(questions: KnowledgeQuestion[]): { tuning: KnowledgeQuestion[]; heldOut: KnowledgeQuestion[] } {
  const hashOf = (q: KnowledgeQuestion) => createHash('sha256').update(q.question).digest('hex');
  const heldOut = new Set<KnowledgeQuestion>();
  for (const document of new Set(questions.map((q) => q.document))) {
    const ofDocument = questions.filter((q) => q.document === document).sort((a, b) => hashOf(a).localeCompare(hashOf(b)));
    for (const q of ofDocument.slice(0, Math.round(ofDocument.length * HELD_OUT_SHARE))) heldOut.add(q);
  }
  return { tuning: questions.filter((q) => !heldOut.has(q)), heldOut: questions.filter((q) => heldOut.has(q)) };
}
