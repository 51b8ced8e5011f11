import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { submissionLimits } from './db/schema/index.ts';

/**
 * Counts one hit in a fixed window and returns the hits so far in it, in PostgreSQL so every
 * server process shares the count. `key` names what is counted and for whom (`public:waitlist:<ip>`).
 */
export async function hitRateLimit(db: Db, key: string, windowMs: number, now: number): Promise<number> {
  const expired = sql`${submissionLimits.windowStart} <= ${now - windowMs}`;
  const [row] = await db
    .insert(submissionLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: submissionLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${submissionLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${submissionLimits.windowStart} end`,
      },
    })
    .returning({ count: submissionLimits.count });
  return row?.count ?? 1;
}
