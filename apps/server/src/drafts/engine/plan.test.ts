import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { understood } from '../../test-support/compose-input.ts';
import { CORPUS_DIR } from '../../test-support/corpus.ts';
import { builtinDraft } from './compose.ts';
import { ownText } from './mail-words.ts';
import { choosePlan } from './plan.ts';
import type { ComposeInput, PastReply } from './types.ts';

type Owner = ComposeInput['owner'];
const VINCE: Owner = { name: 'Vince Kaminski', addresses: ['vince.kaminski@enron.com', 'j.kaminski@enron.com'] };
const GERALD: Owner = { name: 'Gerald Nemec', addresses: ['gerald.nemec@enron.com'] };
const ELIZABETH: Owner = { name: 'Elizabeth Sager', addresses: ['elizabeth.sager@enron.com'] };

/** A real mail of the corpus groups (path under ../shared), understood from its owner's side. */
async function mailInput(relative: string, owner: Owner, overrides: Partial<ComposeInput> = {}, text?: string): Promise<ComposeInput> {
  const parsed = await parseMessage(new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, '..', relative))));
  return understood({
    email: {
      id: relative,
      from: { address: parsed.senderEmail ?? '', name: parsed.senderName },
      to: [],
      cc: [],
      subject: parsed.subject,
      text: text ?? ownText(parsed.bodyText),
      date: parsed.date,
      messageId: parsed.messageId,
    },
    thread: [],
    owner,
    contact: null,
    profile: null,
    pastReplies: [],
    knowledge: [],
    attachments: [],
    mode: 'full',
    buyTimeHours: 24,
    now: parsed.date ?? new Date('2001-10-01T00:00:00Z'),
    ...overrides,
  });
}

const plan = (input: ComposeInput) => choosePlan(input, input.understanding ?? null, input.asks ?? []);

/** A past exchange with this mail's sender: what they wrote, what the user answered. */
function pastWith(incoming: string, reply: string, score = 1, sameSender = true): PastReply {
  return {
    incoming: { subject: 'Earlier', text: incoming, from: null, date: null },
    reply: { subject: 'Re: Earlier', text: reply, date: null },
    sameSender,
    score,
  };
}

// Shi-Jie Deng asks Vince for the title and abstract of his talk "as soon as possible" (kaminski-v inbox/3).
const DENG = 'corpus/enron/kaminski-v/inbox/3.';
const TOOK_ON = [
  pastWith('Vince, could you send me your slides from the seminar? Shijie', 'Shijie,\n\nSure, I will send them tomorrow.\n\nVince'),
  pastWith('Vince, please send me your CV for the announcement. Shijie', 'Shijie,\n\nWill do. Attached is my CV.\n\nVince', 2),
];

describe('the reply plan, on real mail', () => {
  it('writes no draft for mail that asks the owner nothing, and says so (Mery Brown’s meeting summary)', async () => {
    const input = await mailInput('corpus/enron/allen-p/inbox/59.', { name: 'Phillip Allen', addresses: ['phillip.allen@enron.com'] });
    const draft = builtinDraft(input);
    expect(draft.plan).toBe('none');
    expect(draft.body).toBe('');
    expect(draft.noDraftReason).toBe('It asks you nothing: there is no reply to write');
  });

  it('writes no draft on a bereavement: only the owner can answer it', async () => {
    const draft = builtinDraft(await mailInput('corpus-b/enron/sager-e/inbox/378.', ELIZABETH));
    expect(draft.plan).toBe('none');
    expect(draft.body).toBe('');
    expect(draft.noDraftReason).toBe('A personal matter (passed away): only you can answer it');
  });

  it('does not take a funeral named in passing at the end of a business mail for the matter of the mail (Greg’s draw request)', async () => {
    const input = await mailInput('corpus/enron/allen-p/inbox/3.', { name: 'Phillip Allen', addresses: ['phillip.allen@enron.com'] });
    expect(input.email.text).toContain('I have a funeral at 10:00');
    expect(plan(input).plan).toBe('holding');
  });

  it('holds, naming the ask and the mail’s own deadline, when nothing known answers it', async () => {
    const draft = builtinDraft(await mailInput(DENG, VINCE));
    expect(draft.plan).toBe('holding');
    expect(draft.body).toContain('the title and abstract');
    expect(draft.body).toContain('today');
    expect(draft.handling).toEqual([{ ask: 'send the title and abstract of your talk', how: 'promised', detail: 'today' }]);
  });

  it('promises the owner’s own view as asked, not "look into my view"', async () => {
    const input = await mailInput(
      DENG,
      VINCE,
      {},
      'Vince,\n\nCan you send me your view on the seminar schedule before Thursday?\n\nShijie',
    );
    const draft = builtinDraft(input);
    expect(draft.plan).toBe('holding');
    expect(draft.body).toMatch(/I('ll| will) send you my view on the seminar schedule before Thursday\./);
  });

  it('accepts a task the owner routinely takes on for this sender, with its time, and only then', async () => {
    const input = await mailInput(DENG, VINCE, { pastReplies: TOOK_ON });
    const draft = builtinDraft(input);
    expect(draft.plan).toBe('accept');
    expect(draft.body).toMatch(/I('ll| will) send you the title and abstract of my talk today\./);
    expect(draft.reasons[0]).toBe('Accept the task: you took on 2 such asks from this sender before');
    // One acceptance is no habit; another sender's acceptances are not this one's.
    expect(plan(await mailInput(DENG, VINCE, { pastReplies: TOOK_ON.slice(0, 1) })).plan).toBe('holding');
    expect(plan(await mailInput(DENG, VINCE, { pastReplies: TOOK_ON.map((past) => ({ ...past, sameSender: false })) })).plan).toBe(
      'holding',
    );
  });

  it('never says yes to approving or signing, nor to anything about money, whatever the habit', async () => {
    const sign = await mailInput(
      DENG,
      VINCE,
      { pastReplies: TOOK_ON },
      'Vince,\n\nPlease sign the speaker agreement and fax it back to me.\n\nShijie',
    );
    expect(sign.asks?.[0]?.verb).toBe('sign');
    expect(plan(sign).plan).toBe('holding');
    const money = await mailInput(
      DENG,
      VINCE,
      { pastReplies: TOOK_ON },
      'Vince,\n\nPlease send me the invoice for the $2,500 speaker fee.\n\nShijie',
    );
    expect(money.understanding?.sensitivity.map((s) => s.kind)).toContain('money');
    expect(plan(money).plan).toBe('holding');
  });

  it('asks the one question a meeting needs when it names no day or time, and not for a meeting it only mentions', async () => {
    const meet = await mailInput(
      'corpus-b/enron/nemec-g/inbox/15.',
      GERALD,
      {},
      'Gerald,\n\nCan we get together to go over the storage agreement?\n\nThanks,\nMark',
    );
    const draft = builtinDraft(meet);
    expect(draft.plan).toBe('clarify');
    expect(draft.body).toContain('What day and time would work best for you?');
    // Jeff asks to be included in the follow-up meeting (kaminski-v inbox/21): nothing to ask back.
    const include = await mailInput('corpus/enron/kaminski-v/inbox/21.', {
      name: 'Cheryl Lipshutz',
      addresses: ['cheryl.lipshutz@enron.com'],
    });
    expect(plan(include).plan).not.toBe('clarify');
  });

  it('answers from a past reply only when it answered the same ask from the same sender', async () => {
    const asked = 'Vince,\n\nDid you receive the revised agenda for the Houston meeting?\n\nShijie';
    const answered = pastWith(
      'Vince, did you receive the revised agenda for the Houston meeting? Shijie',
      'Shijie,\n\nYes, I received it this morning and it looks fine to me.\n\nVince',
    );
    expect(plan(await mailInput(DENG, VINCE, { pastReplies: [answered] }, asked)).plan).toBe('answer');
    // The same words to another question are never reused.
    const other = { ...answered, incoming: { ...answered.incoming, text: 'Vince, will you attend the risk conference in London? Shijie' } };
    expect(plan(await mailInput(DENG, VINCE, { pastReplies: [other] }, asked)).plan).toBe('holding');
    // A question back is no answer; nor are the owner's own words of this thread sent back.
    const questionBack = { ...answered, reply: { ...answered.reply, text: 'Which agenda do you mean?' } };
    expect(plan(await mailInput(DENG, VINCE, { pastReplies: [questionBack] }, asked)).plan).toBe('holding');
    const ownWords = await mailInput(
      DENG,
      VINCE,
      {
        pastReplies: [answered],
        thread: [
          {
            from: { address: VINCE.addresses[0]!, name: 'Vince' },
            date: null,
            text: 'I received it this morning and it looks fine to me.',
            byOwner: true,
          },
        ],
      },
      asked,
    );
    expect(plan(ownWords).plan).toBe('holding');
  });

  it('never reuses a bare "Thanks." or "Done." for an open question', async () => {
    const asked = 'Vince,\n\nWhat topics should the Georgia Tech seminar cover this year?\n\nShijie';
    const short = pastWith('Vince, what topics should the Georgia Tech seminar cover? Shijie', 'Thanks. Vince');
    expect(plan(await mailInput(DENG, VINCE, { pastReplies: [short] }, asked)).plan).toBe('holding');
  });

  it('writes no draft for mail in a language it does not read, and says which', async () => {
    const input = await mailInput(
      DENG,
      VINCE,
      {},
      'Hallo Vince,\n\nkönnen Sie mir bitte den Titel und die Zusammenfassung Ihres Vortrags so bald wie möglich schicken? Vielen Dank.\n\nShijie',
    );
    const draft = builtinDraft(input);
    expect(draft.plan).toBe('none');
    expect(draft.noDraftReason).toMatch(/^Written in another language \(de\)/);
  });
});
