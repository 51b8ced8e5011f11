import { INIT_STEPS } from '@penman/contract';
import { z } from 'zod';
import { defineJob } from '../platform/queue.ts';

/** One step of an account's initialization (download → contacts → style → done). */
export const initializationStepJob = defineJob({
  name: 'accounts.initialization-step',
  payload: z.object({ userId: z.string(), accountId: z.uuid(), step: z.enum(INIT_STEPS) }),
  retryLimit: 2,
});

/**
 * After the user changed an account's own addresses: the direction of its mail, its counters and
 * top senders, its contacts and its style profile, recomputed (accounts/aliases-service.ts).
 * 'stately' with the account as singleton key: one runs and at most one waits per account.
 */
export const recomputeForAliasesJob = defineJob({
  name: 'accounts.recompute-for-aliases',
  payload: z.object({ userId: z.string(), accountId: z.uuid() }),
  retryLimit: 2,
  policy: 'stately',
});
