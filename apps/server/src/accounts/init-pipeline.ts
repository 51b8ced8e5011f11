import { rebuildContacts } from '../contacts/service.ts';
import type { JobDeps } from '../platform/queue.ts';

type StepRunner = (deps: JobDeps, params: { userId: string; accountId: string }) => Promise<void>;

/**
 * What the contacts and style steps of initialization run. The style area registers its builder
 * here when it lands; until then that step passes straight through.
 */
export const initializationSteps: { contacts: StepRunner; style?: StepRunner } = {
  contacts: async ({ db }, { userId, accountId }) => {
    await rebuildContacts({ db, userId, accountId });
  },
};
