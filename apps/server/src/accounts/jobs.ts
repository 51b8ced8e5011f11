import { INIT_STEPS } from '@penman/contract';
import { z } from 'zod';
import { defineJob } from '../platform/queue.ts';

/** One step of an account's initialization (download → contacts → style → done). */
export const initializationStepJob = defineJob({
  name: 'accounts.initialization-step',
  payload: z.object({ userId: z.string(), accountId: z.uuid(), step: z.enum(INIT_STEPS) }),
  retryLimit: 2,
});
