import { beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { startLlmStandIn } from '../test-support/llm-stand-in.ts';
import { composeDraftForEmail, getDraft, updateDraftingSettings } from './service.ts';

// The drafting service's engine choice: an account set to the LLM engine drafts through the
// OpenAI-compatible endpoint (a local stand-in), and the built-in engine writes the draft when it fails.
const t = await createTestApp();
const standIn = await startLlmStandIn();
beforeEach(() => standIn.reset());

// Alice: the mail of these tests greets her ("Hi Alice"); a mail greeting someone else asks them, not her.
const alice = await t.signUpAndIn('alice-llm@example.com', undefined, { firstName: 'Alice', lastName: 'Example' });
const env = parseEnv({ LLM_BASE_URL: standIn.baseUrl, LLM_MODEL: 'llama3.1', LLM_TIMEOUT_MS: '5000' });
const ADDRESS = 'alice+llm@penman.test';
const accountId = await t.insertEmailAccount(alice.user.id, ADDRESS);
await updateDraftingSettings({ db: t.deps.db, env, userId: alice.user.id, accountId, changes: { engine: 'llm' } });

let stored = 0;
async function incomingEmail(): Promise<string> {
  stored++;
  const [row] = await t.deps.db
    .insert(emails)
    .values({
      userId: alice.user.id,
      emailAccountId: accountId,
      messageKey: `llm${stored}@client.test`,
      messageId: `llm${stored}@client.test`,
      subject: 'Schedule for next week',
      senderEmail: 'carol@client.test',
      senderName: 'Carol Client',
      recipientEmails: [ADDRESS],
      bodyText: 'Hi Alice,\n\nCould you send me the schedule for next week?\n\nThanks, Carol',
      receivedDate: new Date(),
    })
    .returning({ id: emails.id });
  return row!.id;
}

describe('drafting with the LLM engine', () => {
  it("an account on the LLM engine gets the model's draft, post-processed", async () => {
    standIn.answer({
      kind: 'json',
      value: {
        body: 'Hi Carol,\n\nHere is the schedule for next week.\n\nAlice',
        subject: null,
        confidence: 0.8,
        reasons: ['Asked for the schedule'],
        usedSourceIds: [],
      },
    });
    const emailId = await incomingEmail();
    const { draftId } = await composeDraftForEmail({ db: t.deps.db, env, userId: alice.user.id, emailId });
    const draft = await getDraft({ db: t.deps.db, userId: alice.user.id, draftId });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]!.raw).toContain('Could you send me the schedule for next week?');
    expect(draft.engine).toBe('llama3.1');
    expect(draft.body).toContain('Here is the schedule for next week.');
    expect(draft.subject).toBe('Re: Schedule for next week');
  });

  it('falls back to the built-in engine, saying why, when the endpoint fails', async () => {
    standIn.answer({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const emailId = await incomingEmail();
    const { draftId } = await composeDraftForEmail({ db: t.deps.db, env, userId: alice.user.id, emailId });
    const draft = await getDraft({ db: t.deps.db, userId: alice.user.id, draftId });
    expect(standIn.requests.length).toBeGreaterThanOrEqual(1);
    expect(draft.engine).toBe('builtin');
    expect(draft.reasons).toContainEqual(expect.stringMatching(/^The language model did not answer: .*; written by the built-in engine$/));
  });
});
