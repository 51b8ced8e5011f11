import { z } from 'zod';
import { defineJob } from '../platform/queue.ts';

/** Reads one knowledge document's text into searchable passages. */
export const extractTextJob = defineJob({
  name: 'files.extract-text',
  payload: z.object({ userId: z.string(), documentId: z.uuid() }),
  retryLimit: 2,
});
