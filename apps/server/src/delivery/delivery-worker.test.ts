import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { composeDraftForEmail } from '../drafts/service.ts';
import { drafts, emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { openTestMailbox, startDovecot } from '../test-support/dovecot.ts';
import { addInitializedImapAccount, waitFor } from '../test-support/drafting.ts';

// The job as the server runs it: Approve commits the delivery's job, a worker of the real queue
// picks it up, and the reply is in Dovecot's Drafts (job-handlers.ts ties delivery.deliver to it).
const dovecot = await startDovecot();
const ca = fs.readFileSync(dovecot.caFile, 'utf8');
const t = await createTestApp({ ALLOW_PRIVATE_MAIL_HOSTS: 'true' }, { workers: true, imapCa: ca });
// Alice: the mail of these tests greets her ("Hi Alice"); a mail greeting someone else asks them, not her.
const alice = await t.signUpAndIn('alice@example.com', undefined, { firstName: 'Alice', lastName: 'Example' });
afterAll(() => dovecot.stop());

describe('delivery.deliver on the job queue', () => {
  it('Approve -> the worker saves the reply to Drafts -> the draft is saved, once', async () => {
    const accountId = await addInitializedImapAccount(t.deps, dovecot, {
      userId: alice.user.id,
      mailUser: 'alice',
      emailAddress: 'alice@penman.test',
    });
    const [mail] = await t.deps.db
      .insert(emails)
      .values({
        userId: alice.user.id,
        emailAccountId: accountId,
        messageKey: 'w1@client.test',
        messageId: 'w1@client.test',
        subject: 'Schedule',
        senderEmail: 'carol@client.test',
        recipientEmails: ['alice@penman.test'],
        bodyText: 'Hi Alice,\n\nCould you send me the schedule?\n\nCarol',
        receivedDate: new Date(),
      })
      .returning({ id: emails.id });
    const { draftId } = await composeDraftForEmail({ db: t.deps.db, userId: alice.user.id, emailId: mail!.id });
    const response = await t.request(`/api/drafts/${draftId}/approve`, { method: 'POST', cookie: alice.cookie });
    expect(response.status).toBe(200);
    const saved = await waitFor(
      'the draft saved',
      async () => (await t.deps.db.select().from(drafts).where(eq(drafts.id, draftId)))[0]!,
      (draft) => draft.status === 'saved',
    );
    expect(saved.sentAt).not.toBeNull();
    const { draft } = await (await t.request(`/api/drafts/${draftId}`, { cookie: alice.cookie })).json();
    expect(draft.delivery).toMatchObject({ state: 'delivered', attempts: 1, error: null });

    const client = await openTestMailbox(dovecot, 'alice');
    try {
      const lock = await client.getMailboxLock('Drafts');
      try {
        expect(await client.search({ header: { 'message-id': `<${draft.delivery.messageId}>` } }, { uid: true })).toHaveLength(1);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });
});
