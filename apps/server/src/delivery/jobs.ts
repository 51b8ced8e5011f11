import { z } from 'zod';
import { defineJob } from '../platform/queue.ts';

/**
 * One attempt of a draft's delivery (service.ts deliverDraft). Keyed by the draft ('stately', the
 * draft id as singleton key): one job waits and one runs per draft. The delivery row holds the
 * state; a job of a dead worker is retried by pg-boss and looks in the mailbox before sending again.
 */
export const deliverDraftJob = defineJob({
  name: 'delivery.deliver',
  payload: z.object({ userId: z.string(), draftId: z.uuid() }),
  concurrency: 2,
  retryLimit: 5,
  policy: 'stately',
});

/** Every 10 minutes: deliveries no job will finish any more become failed with Retry (service.ts failStalledDeliveries). */
export const failStalledDeliveriesJob = defineJob({
  name: 'delivery.fail-stalled',
  payload: z.object({}).passthrough(),
  retryLimit: 1,
  policy: 'stately',
});
