import { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { defineJob } from '../platform/queue.ts';
import { fillSearchVectors } from './repo.ts';

/**
 * Emails indexed per transaction: short transactions (about half a second), so the indexer never
 * holds up a delete for long; 1,000 rather than fewer, as each slice also updates the word counts
 * of its words once (decision 014).
 */
const SLICE = 1000;

/**
 * Indexes every queued email for full-text search, a slice at a time, and answers how many it took.
 * Mail is stored without its vector (a download does not wait for PostgreSQL's text parser,
 * docs/decisions/012): until its slice is done, an email is found by subject and sender but not
 * by the words of its body.
 */
export async function indexEmailsForSearch(db: Db, options: { slice?: number } = {}): Promise<number> {
  const slice = options.slice ?? SLICE;
  let total = 0;
  for (;;) {
    const filled = await fillSearchVectors(db, slice);
    total += filled;
    if (filled < slice) return total;
  }
}

/**
 * The search indexer: enqueued when a sync (or an import) stores mail, and when the server starts
 * (mail left when the process stopped mid-way). Runs are idempotent and may overlap.
 */
export const indexSearchJob = defineJob({
  name: 'mail.search-index',
  payload: z.object({}).passthrough(),
  retryLimit: 5,
  handler: async (_payload, deps) => {
    await indexEmailsForSearch(deps.db);
  },
});
