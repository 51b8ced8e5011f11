import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { startGoogleStandIn } from '../test-support/google-stand-in.ts';

// A Gmail account from consent to an initialized mailbox, through the routes and the pg-boss workers
// (the path a user takes), against the local stand-in of Google's endpoints serving Enron mail.
const google = await startGoogleStandIn();
for (const file of enronFolder('lavorato-j', 'inbox').slice(0, 150))
  google.addMessage(fs.readFileSync(file), { labels: ['INBOX', 'UNREAD'] });
for (const file of enronFolder('lavorato-j', 'sent').slice(0, 150)) google.addMessage(fs.readFileSync(file), { labels: ['SENT'] });
const t = await createTestApp(google.env, { workers: true });
const { cookie } = await t.signUpAndIn('john@example.com');

describe('Gmail through the workers', () => {
  it('connects, initializes and stores every message of INBOX and SENT once', async () => {
    const started = await (
      await t.request('/api/gmail/start', { method: 'POST', cookie, json: { emailAddress: google.emailAddress } })
    ).json();
    const consent = await fetch(started.authUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const exchanged = await t.request('/api/gmail/exchange', {
      method: 'POST',
      cookie,
      json: {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        redirectUri: 'http://localhost:3000/gmail-callback',
      },
    });
    expect(exchanged.status).toBe(201);
    const { account } = await exchanged.json();

    await t.request(`/api/accounts/${account.id}/initialize`, { method: 'POST', cookie });
    let current = account;
    for (let i = 0; i < 300 && current.initializationStatus !== 'completed' && current.initializationStatus !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      current = (await (await t.request(`/api/accounts/${account.id}`, { cookie })).json()).account;
    }
    const expected = new Set([...google.labelIds('INBOX'), ...google.labelIds('SENT')]).size;
    expect(expected).toBeGreaterThan(100);
    expect(current).toMatchObject({
      initializationStatus: 'completed',
      provider: 'gmail',
      emailsDownloadedCount: expected,
      syncState: 'completed',
    });
    expect(current.outgoingEmailsCount).toBe(google.labelIds('SENT').length);
    // SENT holds mail his assistants sent for him: sent mail whatever its From says, and their
    // addresses are proposed, never taken as his without his say.
    expect(current.aliases).toEqual([]);
    expect(current.aliasProposals).toEqual([
      { address: 'kimberly.hillis@enron.com', reason: 'sent_folder', messages: 10, name: null },
      { address: 'angela.mcculloch@enron.com', reason: 'sent_folder', messages: 3, name: null },
    ]);
  });
});
