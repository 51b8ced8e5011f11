import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database.ts';
import { retryConflicts, sqlState } from './client.ts';

const { db } = await createTestDatabase();
await db.execute(sql`create table pair (id int primary key, n int not null); insert into pair values (1, 0), (2, 0)`);

/** Locks row `first`, waits for the other transaction to lock the other row, then wants it too. */
function crossing(first: number, second: number, bothHoldOne: Promise<unknown>, holding: () => void) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`update pair set n = n + 1 where id = ${first}`);
    holding();
    await bothHoldOne;
    await tx.execute(sql`update pair set n = n + 1 where id = ${second}`);
  });
}

describe('retryConflicts', () => {
  it('runs a transaction PostgreSQL chose as a deadlock victim again, so both sides succeed', async () => {
    let attempts = 0;
    let release: () => void = () => {};
    let held = 0;
    const bothHoldOne = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = () => {
      held += 1;
      if (held === 2) release();
    };
    const results = await Promise.allSettled([
      retryConflicts(() => {
        attempts += 1;
        return crossing(1, 2, bothHoldOne, holding);
      }),
      retryConflicts(() => {
        attempts += 1;
        return crossing(2, 1, bothHoldOne, holding);
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    // One of them was the victim and ran a second time.
    expect(attempts).toBe(3);
    const { rows } = await db.execute<{ n: number }>(sql`select sum(n)::int as n from pair`);
    expect(rows[0]!.n).toBe(4);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    const failing = retryConflicts(() => {
      attempts += 1;
      return db.execute(sql`insert into pair values (1, 0)`);
    });
    const error = await failing.catch((caught: unknown) => caught);
    expect(sqlState(error)).toBe('23505');
    expect(attempts).toBe(1);
  });
});
