import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSync, startNewMailWatcher } from '../mail/service.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import {
  addInitializedGmailAccount,
  draftOfEmail,
  emailIdByMessageId,
  personalMail,
  triageOfEmail,
  waitFor,
} from '../test-support/drafting.ts';
import { startGoogleStandIn } from '../test-support/google-stand-in.ts';

// Drafts appear for new mail on every kind of account (issue 18, "Done when"): Gmail through the
// Google stand-in's history polling, and an imported mailbox (its recent mail; IMAP is drafts.test.ts).
const google = await startGoogleStandIn();
const t = await createTestApp(google.env, { workers: true });
const { user, cookie } = await t.signUpAndIn('gus@example.com');

const question = (to: string, messageId: string, subject: string, date = new Date()) =>
  personalMail({
    from: 'Keith Holst <keith.holst@client.test>',
    to,
    subject,
    body: 'Gus,\n\nCan you send me the schedule for next week before Thursday?\n\nThanks,\nKeith',
    messageId,
    date,
  });

describe('drafts for new mail', () => {
  it('Gmail: a message that arrives in INBOX is noticed by history polling, triaged and drafted', async () => {
    for (const file of enronFolder('lavorato-j', 'inbox').slice(0, 3)) google.addMessage(fs.readFileSync(file), { labels: ['INBOX'] });
    const accountId = await addInitializedGmailAccount(t.deps, google, user.id);
    await runSync(t.deps, { userId: user.id, accountId });
    const watcher = startNewMailWatcher(t.deps, {
      backoff: { baseMs: 100, maxMs: 1_000 },
      stableMs: 0,
      coalesceMs: 200,
      refreshMs: 60_000,
      maxImapConnections: 0,
      gmailPollMs: 300,
    });
    try {
      await waitFor(
        'the Gmail watch',
        () => watcher.open().gmail,
        (ids) => ids.includes(accountId),
      );
      google.addMessage(question(google.emailAddress, 'gmail-question@client.test', 'Schedule'), { labels: ['INBOX'] });
      const emailId = await waitFor(
        'the new Gmail message stored',
        () => emailIdByMessageId(t.deps, accountId, 'gmail-question@client.test'),
        Boolean,
      );
      const draft = await waitFor('its draft', () => draftOfEmail(t.deps, emailId!), Boolean);
      expect(draft!.status).toBe('pending');
      expect(draft!.subject).toBe('Re: Schedule');
      expect((await triageOfEmail(t.deps, emailId!))!.needsReply).toBe(true);
    } finally {
      await watcher.stop();
    }
  });

  it('an imported mailbox: its recent mail needing a reply is drafted, its old mail read when opened', async () => {
    const address = 'gus@client-import.test';
    const mbox = [
      question(address, 'import-recent@client.test', 'Recent question'),
      question(address, 'import-old@client.test', 'Old question', new Date('2019-03-01T10:00:00Z')),
    ]
      .map((raw) => `From keith@client.test Mon Jan  1 00:00:00 2024\n${raw.toString('utf8').replace(/\r\n/g, '\n')}\n`)
      .join('\n');
    const form = new FormData();
    form.set('emailAddress', address);
    form.set('file', new Blob([mbox]), 'gus.mbox');
    const response = await t.request('/api/accounts/import', { method: 'POST', cookie, body: form });
    expect(response.status).toBeLessThan(300);
    const { account } = await response.json();
    const recentId = await waitFor(
      'the recent mail stored',
      () => emailIdByMessageId(t.deps, account.id, 'import-recent@client.test'),
      Boolean,
      60_000,
    );
    const draft = await waitFor('its draft', () => draftOfEmail(t.deps, recentId!), Boolean, 60_000);
    expect(draft!.status).toBe('pending');
    const oldId = await emailIdByMessageId(t.deps, account.id, 'import-old@client.test');
    // The history is read when it is opened (only the last 30 days of a first download are read at once).
    expect(await triageOfEmail(t.deps, oldId!)).toBeUndefined();
    const opened = await (await t.request(`/api/emails/${oldId}/draft`, { cookie })).json();
    expect(opened).toMatchObject({ draft: null, triage: { needsReply: true } });
    expect(await draftOfEmail(t.deps, oldId!)).toBeUndefined();
  });
});
