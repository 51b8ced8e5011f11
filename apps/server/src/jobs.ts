import type { z } from 'zod';
import type { JobDefinition } from './platform/queue.ts';

/** Every background job of every area; workers (ROLE=all|worker) run these. */
export const allJobs: JobDefinition<z.ZodType>[] = [];
