import { type Db, retryConflicts } from '../platform/db/client.ts';
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
export async function indexEmailsForSearch(db: Db, options: { slice?: number; skipAccounts?: string[] } = {}): Promise<number> {
  const slice = options.slice ?? SLICE;
  let total = 0;
  for (;;) {
    // An email deleted after its slice read it fails the slice's foreign key (23503): the slice
    // rolls back and its next attempt no longer sees that email.
    const filled = await retryConflicts(() => fillSearchVectors(db, slice, options.skipAccounts), { alsoRetry: ['23503'] });
    total += filled;
    if (filled < slice) return total;
  }
}
