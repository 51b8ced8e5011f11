import { rebuildContacts } from '../contacts/service.ts';
import type { Db } from '../platform/db/client.ts';
import { generateStyleCorpus } from '../training/service.ts';

type StepRunner = (deps: { db: Db }, params: { userId: string; accountId: string }) => Promise<void>;

/** What the contacts and style steps of initialization run. */
export const initializationSteps: { contacts: StepRunner; style: StepRunner } = {
  contacts: async ({ db }, { userId, accountId }) => {
    await rebuildContacts({ db, userId, accountId });
  },
  style: async ({ db }, { userId, accountId }) => {
    await generateStyleCorpus({ db, userId, accountId });
  },
};
