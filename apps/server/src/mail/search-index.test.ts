import fs from 'node:fs';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { parseMessage } from './engine/parse-message.ts';
import { indexEmailsForSearch } from './search-index.ts';

const t = await createTestApp();
const db = t.deps.db;
const user = await t.signUpAndIn('word-counts@example.com');
const other = await t.signUpAndIn('word-counts-other@example.com');

// Real mail: the subjects, senders and bodies of two Enron mailboxes.
const messages = await Promise.all(
  [...enronFolder('lavorato-j', 'inbox').slice(0, 60), ...enronFolder('kaminski-v', 'inbox').slice(0, 60)].map((file) =>
    parseMessage(fs.readFileSync(file)),
  ),
);

async function store(userId: string, emailAccountId: string, from: number, to: number): Promise<string[]> {
  const rows = await db
    .insert(emails)
    .values(
      messages.slice(from, to).map((m) => ({
        userId,
        emailAccountId,
        messageKey: m.messageKey,
        subject: m.subject,
        senderEmail: m.senderEmail,
        senderName: m.senderName,
        bodyText: m.bodyText,
        receivedDate: m.date,
      })),
    )
    .returning({ id: emails.id });
  return rows.map((r) => r.id);
}

type WordCount = { account: string; word: string; emails: number };

/** email_word_counts as stored (a word whose count fell to 0 may keep its row). */
async function storedCounts(): Promise<WordCount[]> {
  const { rows } = await db.execute<WordCount>(sql`
    select email_account_id as account, word, emails from email_word_counts where emails <> 0 order by 1, 2`);
  return rows;
}

/** The same counts from scratch, from the search rows themselves. */
async function recounted(): Promise<WordCount[]> {
  const { rows } = await db.execute<WordCount>(sql`
    select s.email_account_id as account, w.word, count(*)::integer as emails
    from email_search s cross join lateral unnest(array_append(tsvector_to_array(s.search), '')) as w(word)
    group by 1, 2 order by 1, 2`);
  return rows;
}

async function countsOf(account: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::integer as n from email_word_counts where email_account_id = ${account}`,
  );
  return rows[0]!.n;
}

const accountA = await t.insertEmailAccount(user.user.id, 'a@example.com');
const accountB = await t.insertEmailAccount(user.user.id, 'b@example.com');
const accountOther = await t.insertEmailAccount(other.user.id, 'other@example.com');

describe('the word counts of the search index', () => {
  it('equal a recount after overlapping index runs over several accounts', async () => {
    await store(user.user.id, accountA, 0, 50);
    await store(user.user.id, accountB, 60, 110);
    await store(other.user.id, accountOther, 50, 60);
    // Two indexers at once, in slices small enough to interleave, each slice spanning accounts.
    const [first, second] = await Promise.all([indexEmailsForSearch(db, { slice: 7 }), indexEmailsForSearch(db, { slice: 5 })]);
    expect(first + second).toBe(110);
    const counts = await storedCounts();
    expect(counts).toEqual(await recounted());
    // Each account's total ('') is its number of indexed emails.
    expect(counts.filter((c) => c.word === '').map((c) => [c.account, c.emails])).toEqual(
      expect.arrayContaining([
        [accountA, 50],
        [accountB, 50],
        [accountOther, 10],
      ]),
    );
  });

  it('follow deleted emails, an updated vector, and deletes racing the indexer', async () => {
    const somes = await db.select({ id: emails.id }).from(emails).where(eq(emails.emailAccountId, accountA)).limit(5);
    await db.delete(emails).where(
      inArray(
        emails.id,
        somes.map((r) => r.id),
      ),
    );
    expect(await storedCounts()).toEqual(await recounted());

    await db.execute(sql`update email_search set search = to_tsvector('simple', 'replaced words only') where email_id = (
      select email_id from email_search where email_account_id = ${accountB} order by email_id limit 1)`);
    expect(await storedCounts()).toEqual(await recounted());

    // New mail of A indexed while other mail of A is deleted.
    const fresh = await store(user.user.id, accountA, 110, 120);
    const older = await db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.emailAccountId, accountA), notInArray(emails.id, fresh)))
      .limit(20);
    await Promise.all([
      indexEmailsForSearch(db, { slice: 3 }),
      db.delete(emails).where(
        inArray(
          emails.id,
          older.map((r) => r.id),
        ),
      ),
    ]);
    expect(await storedCounts()).toEqual(await recounted());
  });

  it('go with an account reset or deleted, leaving the other accounts', async () => {
    expect(await countsOf(accountA)).toBeGreaterThan(0);
    const reset = await t.request(`/api/accounts/${accountA}/reset`, { method: 'POST', cookie: user.cookie });
    expect(reset.status).toBe(200);
    expect(await countsOf(accountA)).toBe(0);

    const deleted = await t.request(`/api/accounts/${accountB}`, {
      method: 'DELETE',
      cookie: user.cookie,
      json: { confirmation: 'DELETE EMAIL ACCOUNT' },
    });
    expect(deleted.status).toBe(204);
    expect(await countsOf(accountB)).toBe(0);

    expect(await countsOf(accountOther)).toBeGreaterThan(0);
    expect(await storedCounts()).toEqual(await recounted());
  });
});
