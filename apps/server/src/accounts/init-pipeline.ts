import type { JobDeps } from '../platform/queue.ts';

type StepRunner = (deps: JobDeps, params: { userId: string; accountId: string }) => Promise<void>;

/**
 * What the contacts and style steps of initialization run. The contact book and style areas
 * register their builders here; until they do, the steps pass straight through.
 */
export const initializationSteps: { contacts?: StepRunner; style?: StepRunner } = {};
