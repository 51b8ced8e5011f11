import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { indexStoredMail } from '../mail/service.ts';
import { createTestApp } from '../test-support/app.ts';

const t = await createTestApp();
const { cookie, user } = await t.signUpAndIn('kim@example.com');

/** `count` stored emails of a new account, waiting for the search indexer. */
async function accountWithMail(address: string, count: number) {
  const accountId = await t.insertEmailAccount(user.id, address);
  await t.deps.db.execute(sql`
    insert into emails (user_id, email_account_id, message_key, subject, sender_email, body_text, received_date)
    select ${user.id}, ${accountId}, 'm' || g || '@' || ${address}, 'Subject ' || g, 'someone' || (g % 50) || '@example.com',
      'Body of message ' || g || ' about the quarterly gas trading figures', now() - g * interval '1 hour'
    from generate_series(1, ${count}) g`);
  return accountId;
}

describe('deleting mail while the search indexer runs', () => {
  it('an account delete and a reset both succeed however they interleave with indexing', async () => {
    for (let round = 0; round < 4; round++) {
      const deleted = await accountWithMail(`delete-${round}@example.com`, 3000);
      const reset = await accountWithMail(`reset-${round}@example.com`, 3000);
      const indexing = Promise.all([indexStoredMail(t.deps, {}), indexStoredMail(t.deps, {})]);
      await new Promise((resolve) => setTimeout(resolve, 20 * round));
      const [deleteAnswer, resetAnswer] = await Promise.all([
        t.request(`/api/accounts/${deleted}`, { method: 'DELETE', cookie, json: { confirmation: 'DELETE EMAIL ACCOUNT' } }),
        t.request(`/api/accounts/${reset}/reset`, { method: 'POST', cookie }),
      ]);
      await indexing;
      expect([deleteAnswer.status, resetAnswer.status]).toEqual([204, 200]);
    }
  });
});
