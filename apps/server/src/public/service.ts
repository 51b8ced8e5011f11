import type { Db } from '../platform/db/client.ts';
import * as repo from './repo.ts';

export async function listWaitlist({ db }: { db: Db }) {
  return repo.listWaitlistEntries(db);
}
