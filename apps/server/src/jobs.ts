import type { z } from 'zod';
import { initializationStepJob } from './accounts/jobs.ts';
import { scheduleMailSyncJob, syncMailJob } from './mail/jobs.ts';
import { indexSearchJob } from './mail/search-index.ts';
import type { JobDefinition } from './platform/queue.ts';
import { trainingSessionJob } from './training/jobs.ts';

/** Every background job of every area; workers (ROLE=all|worker) run these. */
export const allJobs = [
  initializationStepJob,
  syncMailJob,
  scheduleMailSyncJob,
  indexSearchJob,
  trainingSessionJob,
] as unknown as JobDefinition<z.ZodType>[];
