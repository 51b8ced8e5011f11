import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../mail/engine/parse-message.ts';
import { communicationStyleProfiles, emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { waitFor } from '../test-support/drafting.ts';
import { FINGERPRINT_VERSION, styleMatch } from './engine/style-match.ts';
import type { StyleProfile } from './engine/types.ts';
import * as repo from './repo.ts';
import { analyzeCommunicationStyle, enqueueOutdatedProfileRebuilds, getStyleProfileForDrafting } from './service.ts';

// Workers on: the rebuild enqueued at start runs as it does in the server.
const t = await createTestApp({}, { workers: true });
const { db } = t.deps;

/** Stores real mail of an Enron mailbox folder in the account (no mailbox behind it). */
async function storeFolder(userId: string, accountId: string, user: string, folder: string, outgoing: boolean, limit: number) {
  const files = enronFolder(user, folder).slice(0, limit);
  for (const [index, file] of files.entries()) {
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
    await db.insert(emails).values({
      userId,
      emailAccountId: accountId,
      messageKey: parsed.messageId ?? `${folder}-${index}@corpus.test`,
      messageId: parsed.messageId,
      subject: parsed.subject,
      senderEmail: parsed.senderEmail,
      recipientEmails: parsed.recipientEmails,
      ccEmails: parsed.ccEmails,
      receivedDate: parsed.date,
      bodyText: parsed.bodyText,
      bodyHtml: parsed.bodyHtml,
      headers: parsed.headers,
      isOutgoing: outgoing,
    });
  }
  return files.length;
}

describe('the style profile drafting reads', () => {
  it('rebuilds a stored profile of an older fingerprint version at start, and drafting reads the old one meanwhile', async () => {
    const { user } = await t.signUpAndIn('phillip.allen@enron.com');
    const accountId = await t.insertEmailAccount(user.id, 'phillip.allen@enron.com');
    const scope = { db, userId: user.id, accountId };
    await storeFolder(user.id, accountId, 'allen-p', 'sent', true, 200);
    const received = await storeFolder(user.id, accountId, 'allen-p', 'inbox', false, 100);

    // What the engine before the per-account background stored: the same profile with a version 1
    // fingerprint (the user's model only, no background).
    await analyzeCommunicationStyle(scope, 'No Training Emails');
    const built = (await repo.findProfile(db, user.id, accountId))!.profile as StyleProfile;
    const v1 = { ...built, fingerprint: { version: 1, families: built.fingerprint.families } };
    await db.update(communicationStyleProfiles).set({ profile: v1 }).where(eq(communicationStyleProfiles.emailAccountId, accountId));

    // Meanwhile drafting keeps the greetings and closings; styleMatch has no evidence either way.
    const old = (await getStyleProfileForDrafting(scope))!;
    expect(old.greetingPatterns[0]!.text).toBe('[Name],');
    expect(old.fingerprint.version).toBe(1);
    expect(styleMatch(old, 'Please call me about the gas desk tomorrow.')).toBe(0.5);

    expect(await enqueueOutdatedProfileRebuilds(t.deps)).toBe(1);
    const rebuilt = await waitFor(
      'the rebuilt profile',
      () => getStyleProfileForDrafting(scope),
      (profile) => profile?.fingerprint.version === FINGERPRINT_VERSION,
      60_000,
      200,
    );
    // The voice model is trained against the account's own incoming mail: the mail people wrote, never more than received.
    expect(rebuilt!.fingerprint.voice!.mails).toBeGreaterThan(20);
    expect(rebuilt!.fingerprint.voice!.mails).toBeLessThanOrEqual(received);
    expect(rebuilt!.greetingPatterns[0]!.text).toBe('[Name],');
    expect(styleMatch(rebuilt!, 'Please call me about the gas desk tomorrow.')).not.toBe(0.5);
    // Current now: the next start enqueues nothing.
    expect(await enqueueOutdatedProfileRebuilds(t.deps)).toBe(0);
  });

  it('leaves profiles before the first analysis and current ones alone at start', async () => {
    const { user } = await t.signUpAndIn('voice-current@example.com');
    const accountId = await t.insertEmailAccount(user.id, 'voice-current@example.com');
    await repo.upsertProfile(db, { userId: user.id, emailAccountId: accountId, profile: null, analysisDate: null });
    expect(await enqueueOutdatedProfileRebuilds(t.deps)).toBe(0);
  });
});
