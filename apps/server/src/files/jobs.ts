import { z } from 'zod';
import { defineJob } from '../platform/queue.ts';

/** Reads one knowledge document's text into searchable passages. */
export const extractTextJob = defineJob({
  name: 'files.extract-text',
  payload: z.object({ userId: z.string(), documentId: z.uuid() }),
  retryLimit: 2,
  // An upload of many documents is a backlog: read them back to back (bench/knowledge.ts: 200
  // documents took 344 s at one job per poll).
  batchSize: 4,
});

/**
 * Refreshes the planner's statistics of the knowledge passages after documents were read. Stately
 * (at most one waiting) and started a few seconds late, so a burst of uploads is analysed once:
 * right after 20,000 passages were added, before autovacuum's own ANALYZE, a search planned on
 * stale statistics took p50 43 ms instead of 9 (bench/knowledge.ts).
 */
export const analyzeKnowledgeJob = defineJob({
  name: 'files.analyze-knowledge',
  payload: z.object({}),
  retryLimit: 1,
  policy: 'stately',
});
