import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enronFolder } from '../../test-support/corpus.ts';
import { personNameKey, proposeAliases, type SenderSummary } from './owner-addresses.ts';

/** The From address of a real message (the Enron files have plain addresses there). */
function fromAddress(file: string): string | null {
  const head = fs.readFileSync(file, 'latin1').split(/\r?\n\r?\n/)[0]!;
  const value = /^From:[ \t]*(.*)$/im.exec(head)?.[1] ?? '';
  return /([^\s<>"]+@[^\s<>"]+)/.exec(value)?.[1]?.toLowerCase() ?? null;
}

/** The senders of some corpus folders, as the account's mail would summarise them; `sent` folders are filed as sent. */
function summarise(folders: { user: string; folder: string; sent: boolean }[]): SenderSummary[] {
  const byAddress = new Map<string, SenderSummary>();
  for (const { user, folder, sent } of folders) {
    for (const file of enronFolder(user, folder)) {
      const address = fromAddress(file);
      if (!address) continue;
      const summary = byAddress.get(address) ?? { address, messages: 0, filedAsSent: 0, names: [] };
      summary.messages++;
      if (sent) summary.filedAsSent++;
      byAddress.set(address, summary);
    }
  }
  return [...byAddress.values()];
}

const brief = (proposals: ReturnType<typeof proposeAliases>) => proposals.map((p) => [p.address, p.reason, p.messages]);

describe('proposeAliases on real mailboxes', () => {
  it("Kaminski's inbox and sent items in one mbox, no folders, no display names: his other enron.com addresses", () => {
    // What the reporter imported: one file, owner vince.kaminski@ only.
    const senders = summarise([
      { user: 'kaminski-v', folder: 'inbox', sent: false },
      { user: 'kaminski-v', folder: 'sent_items', sent: false },
    ]);
    const proposals = proposeAliases({
      ownAddresses: ['vince.kaminski@enron.com'],
      ownNames: ['Vince Kaminski'],
      dismissed: [],
      senders,
    });
    expect(brief(proposals)).toEqual([
      ['j.kaminski@enron.com', 'similar_address', 1204],
      ['kaminski@enron.com', 'similar_address', 251],
      ['j..kaminski@enron.com', 'similar_address', 2],
      ['vince.j.kaminski@enron.com', 'similar_address', 1],
    ]);
    // His home address at a free-mail domain is not guessed from its look.
    expect(proposals.map((p) => p.address)).not.toContain('vkaminski@aol.com');
  });

  it('Kaminski over IMAP: every From of the Sent folder first, then the look-alikes; dismissed and confirmed ones never', () => {
    const senders = summarise([
      { user: 'kaminski-v', folder: 'inbox', sent: false },
      { user: 'kaminski-v', folder: 'sent_items', sent: true },
    ]);
    const proposals = proposeAliases({
      ownAddresses: ['vince.kaminski@enron.com', 'kaminski@enron.com'],
      ownNames: [],
      dismissed: ['j..kaminski@enron.com'],
      senders,
    });
    expect(brief(proposals)).toEqual([
      ['j.kaminski@enron.com', 'sent_folder', 1204],
      ['vince.j.kaminski@enron.com', 'similar_address', 1],
    ]);
  });

  it("Lavorato's Sent folders hold his assistant's mail too: proposed, for the user to decide", () => {
    const senders = summarise([
      { user: 'lavorato-j', folder: 'inbox', sent: false },
      { user: 'lavorato-j', folder: 'sent', sent: true },
      { user: 'lavorato-j', folder: 'sent_items', sent: true },
    ]);
    const proposals = proposeAliases({ ownAddresses: ['john.lavorato@enron.com'], ownNames: [], dismissed: [], senders });
    expect(brief(proposals)).toEqual([
      ['lavorato@enron.com', 'sent_folder', 395],
      ['kimberly.hillis@enron.com', 'sent_folder', 41],
      ['angela.mcculloch@enron.com', 'sent_folder', 4],
    ]);
  });

  it("Allen's k..allen@ (his middle initial) beside phillip.allen@, and no other Allen", () => {
    const senders = summarise([
      { user: 'allen-p', folder: 'inbox', sent: false },
      { user: 'allen-p', folder: 'sent_items', sent: false },
    ]);
    const proposals = proposeAliases({ ownAddresses: ['phillip.allen@enron.com'], ownNames: [], dismissed: [], senders });
    expect(brief(proposals)).toEqual([['k..allen@enron.com', 'similar_address', 297]]);
  });
});

describe('proposeAliases by name', () => {
  const sender = (address: string, names: string[], messages = 3): SenderSummary => ({ address, messages, filedAsSent: 0, names });

  it.each([
    // [owner names, sender address, sender names, proposed?]
    [['Vince J Kaminski'], 'vince@kaminski-home.net', ['Kaminski, Vince J.'], true],
    [['Vince Kaminski'], 'vk@gmail.com', ['VINCE  KAMINSKI'], true],
    [['José Müller'], 'jm@example.org', ['Jose Muller'], true],
    [['Vince Kaminski'], 'vince@other.com', ['Vince'], false],
    [['Vince Kaminski'], 'shirley.crenshaw@enron.com', ['Shirley Crenshaw'], false],
    [['Vince Kaminski'], 'comments@docs.google.com', ['Vince Kaminski (via Google Docs)'], false],
    [['Vince Kaminski'], 'no-reply@enron.com', ['Vince Kaminski'], false],
    [['vince.kaminski@enron.com'], 'x@y.com', ['vince.kaminski@enron.com'], false],
  ])('owner %j, sender %s named %j: proposed %s', (ownNames, address, names, proposed) => {
    const proposals = proposeAliases({
      ownAddresses: ['vince.kaminski@enron.com'],
      ownNames,
      dismissed: [],
      senders: [sender(address, names)],
    });
    expect(proposals.map((p) => p.reason)).toEqual(proposed ? ['same_name'] : []);
    if (proposed) expect(proposals[0]!.name).toBe(names[0]);
  });

  it.each([
    ['Kaminski, Vince J', 'kaminski vince'],
    ['Vince J. Kaminski', 'kaminski vince'],
    ['"Vince Kaminski" <vince.kaminski@enron.com>', null],
    ['Vince', null],
    ['', null],
  ])('personNameKey(%j) = %j', (name, key) => {
    expect(personNameKey(name)).toBe(key);
  });
});
