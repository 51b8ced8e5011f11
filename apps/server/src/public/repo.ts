import { desc } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { waitlist } from '../platform/db/schema/index.ts';

// The waitlist is public data owned by the operator, not by a user: no user scope applies.
export async function listWaitlistEntries(db: Db) {
  return db.select().from(waitlist).orderBy(desc(waitlist.createdAt));
}
