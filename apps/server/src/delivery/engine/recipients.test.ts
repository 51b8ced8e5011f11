import { describe, expect, it } from 'vitest';
import { repliesToAll, replyRecipients } from './recipients.ts';

const OWNER = ['alice@penman.test', 'a.smith@penman.test'];

describe('replyRecipients', () => {
  it('replies to From when there is no Reply-To', () => {
    const mail = { senderEmail: 'Carol@Client.test', recipientEmails: ['alice@penman.test'], ccEmails: [] };
    expect(replyRecipients(mail, OWNER, false)).toEqual({ to: ['carol@client.test'], cc: [] });
    expect(repliesToAll(mail, OWNER)).toBe(false);
  });

  it('Reply-To wins over From', () => {
    const mail = {
      senderEmail: 'noreply@shop.test',
      replyTo: 'Support <help@shop.test>',
      recipientEmails: ['alice@penman.test'],
      ccEmails: [],
    };
    expect(replyRecipients(mail, OWNER, false)).toEqual({ to: ['help@shop.test'], cc: [] });
  });

  it("reply-all: the others of To and Cc go to Cc, without the owner's addresses (aliases too) and the sender", () => {
    const mail = {
      senderEmail: 'carol@client.test',
      recipientEmails: ['ALICE@penman.test', 'dan@client.test', 'carol@client.test'],
      ccEmails: ['a.smith@penman.test', 'erin@client.test', 'dan@client.test'],
    };
    expect(repliesToAll(mail, OWNER)).toBe(true);
    expect(replyRecipients(mail, OWNER, true)).toEqual({ to: ['carol@client.test'], cc: ['dan@client.test', 'erin@client.test'] });
  });

  it('mail the owner sent to themselves gets no recipient from the owner', () => {
    expect(replyRecipients({ senderEmail: 'alice@penman.test', recipientEmails: [], ccEmails: [] }, OWNER, true)).toEqual({
      to: [],
      cc: [],
    });
  });
});
