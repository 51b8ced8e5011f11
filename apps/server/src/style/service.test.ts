import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';
import { buildFingerprint } from './engine/style-match.ts';
import * as repo from './repo.ts';
import { getStyleProfileForDrafting } from './service.ts';

const t = await createTestApp();

describe('the style profile drafting reads', () => {
  it('counts a profile stored with an older fingerprint version as not built, and reads a current one', async () => {
    const { user } = await t.signUpAndIn('voice-version@example.com');
    const accountId = await t.insertEmailAccount(user.id, 'voice-version@example.com');
    const scope = { db: t.deps.db, userId: user.id, accountId };
    const current = buildFingerprint(['Thanks, I will call you tomorrow.', 'Please send me the file.']);
    // What an analysis before the calibrated styleMatch stored: version 1, no background to weigh against.
    await repo.upsertProfile(t.deps.db, {
      userId: user.id,
      emailAccountId: accountId,
      profile: { sampleSize: 2, fingerprint: { ...current, version: 1 } },
      analysisDate: new Date(),
    });
    expect(await getStyleProfileForDrafting(scope)).toBeNull();

    await repo.upsertProfile(t.deps.db, {
      userId: user.id,
      emailAccountId: accountId,
      profile: { sampleSize: 2, fingerprint: current },
      analysisDate: new Date(),
    });
    expect((await getStyleProfileForDrafting(scope))?.fingerprint).toEqual(current);
  });
});
