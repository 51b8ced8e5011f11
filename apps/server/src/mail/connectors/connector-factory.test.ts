import fs from 'node:fs';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailAccounts, emails } from '../../platform/db/schema/index.ts';
import { createTestApp } from '../../test-support/app.ts';
import { enronFolder } from '../../test-support/corpus.ts';
import { runSync } from '../service.ts';
import { toMbox } from './mbox/fixtures.ts';

const t = await createTestApp();
const { user } = await t.signUpAndIn('phillip@example.com');

describe('imported mailbox files are found by storage key', () => {
  it('reads the file at its key, whatever absolute path an older record also holds', async () => {
    const [row] = await t.deps.db
      .insert(emailAccounts)
      .values({ userId: user.id, emailAddress: 'phillip.allen@enron.com', provider: 'mbox', displayName: 'Phillip' })
      .returning({ id: emailAccounts.id });
    const accountId = row!.id;
    const key = `imports/${user.id}/${accountId}/mailbox.mbox`;
    const raws = enronFolder('allen-p', 'inbox')
      .slice(0, 30)
      .map((file) => fs.readFileSync(file));
    await t.deps.storage.saveStream(key, Readable.from([toMbox(raws)]));
    // Written before keys alone: the path is where DATA_DIR used to be.
    const legacy = JSON.stringify({ path: '/old/data-dir/imports/mailbox.mbox', key });
    await t.deps.db
      .update(emailAccounts)
      .set({ encryptedPassword: t.deps.secretBox.encrypt(legacy) })
      .where(eq(emailAccounts.id, accountId));

    const result = await runSync(t.deps, { userId: user.id, accountId });
    expect(result).toMatchObject({ status: 'completed', stored: 30 });
    expect(await t.deps.db.$count(emails, eq(emails.emailAccountId, accountId))).toBe(30);
  });
});
