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
