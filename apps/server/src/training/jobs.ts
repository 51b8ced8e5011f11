import { z } from 'zod';
import { defineJob } from '../platform/queue.ts';

/** One training download run (training, inbox contacts or sent style) of a session. */
export const trainingSessionJob = defineJob({
  name: 'training.session',
  payload: z.object({ userId: z.string(), accountId: z.uuid(), sessionId: z.uuid() }),
  retryLimit: 2,
});
