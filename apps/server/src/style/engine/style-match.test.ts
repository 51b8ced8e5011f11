import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyOf, ownWords } from '../../mail/engine/own-words.ts';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { CORPUS_DIR, enronFolder, listFiles } from '../../test-support/corpus.ts';
import { othersWords } from './build-profile.ts';
import generalBackground from './general-background.json' with { type: 'json' };
import { buildFingerprint, isCurrentFingerprint, normalizeForStyle, styleMatch, templateCopies } from './style-match.ts';

/** Other people's own words in a user's inbox, as the profile build reads them (the background). */
async function inboxTexts(user: string): Promise<string[]> {
  const incoming = [];
  for (const file of enronFolder(user, 'inbox').slice(0, 500)) {
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
    incoming.push({ bodyText: parsed.bodyText, bodyHtml: parsed.bodyHtml, senderEmail: parsed.senderEmail, headers: parsed.headers });
  }
  return othersWords(incoming, []);
}

/** Own words of a user's sent_items, every fifth mail held out (a stable split). */
async function ownTexts(user: string, name: string): Promise<{ train: string[]; held: string[] }> {
  const train: string[] = [];
  const held: string[] = [];
  const files = enronFolder(user, 'sent_items').slice(0, 500);
  for (const [index, file] of files.entries()) {
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
    const text = ownWords(bodyOf(parsed.bodyText, parsed.bodyHtml), name);
    if ((text.match(/\p{L}+/gu)?.length ?? 0) < 15) continue;
    (index % 5 === 0 ? held : train).push(text);
  }
  return { train, held };
}

describe('styleMatch', async () => {
  const vince = await ownTexts('kaminski-v', 'Vince J Kaminski');
  const jim = await ownTexts('steffes-j', 'James D. Steffes');
  const vinceProfile = { fingerprint: buildFingerprint(vince.train, await inboxTexts('kaminski-v')) };
  const jimProfile = { fingerprint: buildFingerprint(jim.train, await inboxTexts('steffes-j')) };

  it("scores a user's held-out mail higher against their own profile than against another's", () => {
    const samples = [...vince.held.slice(0, 10).map((text) => ['vince', text]), ...jim.held.slice(0, 10).map((text) => ['jim', text])];
    expect(samples.length).toBe(20);
    let right = 0;
    for (const [author, text] of samples) {
      const own = styleMatch(author === 'vince' ? vinceProfile : jimProfile, text!);
      const other = styleMatch(author === 'vince' ? jimProfile : vinceProfile, text!);
      expect(own).toBeGreaterThan(0);
      expect(own).toBeLessThanOrEqual(1);
      if (own > other) right++;
    }
    expect(right).toBeGreaterThanOrEqual(18);
  });

  it('scores hand-written habits: "Jim --" openings and two spaces after a full stop', () => {
    const steffesLike = 'Linda --\n\nPlease put the meeting on my calendar.  I will be in Houston.\n\nThanks,';
    const kaminskiLike = 'Shirley,\n\nPlease, put it on my calendar.\nThanks.';
    expect(styleMatch(jimProfile, steffesLike)).toBeGreaterThan(styleMatch(vinceProfile, steffesLike));
    expect(styleMatch(vinceProfile, kaminskiLike)).toBeGreaterThan(styleMatch(jimProfile, kaminskiLike));
  });

  it('keeps the fingerprint JSON-serialisable and gives 0 for an empty text', () => {
    const restored = { fingerprint: JSON.parse(JSON.stringify(vinceProfile.fingerprint)) };
    expect(styleMatch(restored, vince.held[0]!)).toBe(styleMatch(vinceProfile, vince.held[0]!));
    expect(styleMatch(vinceProfile, '')).toBe(0);
  });

  it('reads wrapped lines as one paragraph', () => {
    expect(normalizeForStyle('One line\nwrapped here.   Two\n\n\nNext paragraph')).toBe('One line wrapped here.  Two\nNext paragraph');
  });

  it("is calibrated at even odds: own held-out mail mostly scores 0.5 or more, the other person's mostly under 0.5", () => {
    const own = [...vince.held.map((text) => styleMatch(vinceProfile, text)), ...jim.held.map((text) => styleMatch(jimProfile, text))];
    const other = [...vince.held.map((text) => styleMatch(jimProfile, text)), ...jim.held.map((text) => styleMatch(vinceProfile, text))];
    expect(own.length).toBeGreaterThan(60);
    // The logistics were fitted on five other mailboxes' held-out mail (bench/style.ts), where own
    // mail under 0.5 is 19% and others' at 0.5 or more 14%: both errors as low here.
    const accepted = own.filter((score) => score >= 0.5).length / own.length;
    const rejected = other.filter((score) => score < 0.5).length / other.length;
    expect(accepted).toBeGreaterThan(0.8);
    expect(rejected).toBeGreaterThan(0.8);
    const median = (scores: number[]) => [...scores].sort((a, b) => a - b)[scores.length >> 1]!;
    expect(median(own)).toBeGreaterThan(0.75);
    expect(median(other)).toBeLessThan(0.25);
  });

  it('knows how much evidence a short text carries: a few words stay nearer even odds than a paragraph', () => {
    // The same mails, whole and cut to their first three words.
    const long = vince.held.filter((text) => (text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) >= 30);
    const short = long.map((text) =>
      text
        .match(/[\p{L}\p{N}]+/gu)!
        .slice(0, 3)
        .join(' '),
    );
    expect(long.length).toBeGreaterThan(5);
    const certainty = (texts: string[]) =>
      texts.reduce((sum, text) => sum + Math.abs(styleMatch(vinceProfile, text) - 0.5), 0) / texts.length;
    expect(certainty(short)).toBeLessThan(certainty(long) - 0.1);
  });

  it("measures a text against other people's mail in general: text unlike anyone's (a pasted table) is not the user's", () => {
    // Figures pasted from a report are far from the user's model, but as far from everyone's: the
    // divergence from the user alone would call it the least like them of all texts.
    const table = Array.from({ length: 12 }, (_, row) => `${1200 + row * 37}  ${(row * 3.7).toFixed(2)}  ${(98 - row).toFixed(1)}%`).join(
      '\n',
    );
    const score = styleMatch(vinceProfile, table);
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(0.5);
    // A real mail of his scores far above it, another person's far below his own.
    expect(styleMatch(vinceProfile, vince.held[0]!)).toBeGreaterThan(score);
  });

  it('ships a general background built from public mail (no mailbox it is measured on)', () => {
    expect(generalBackground.source).toMatch(/SpamAssassin public corpus/);
    expect(generalBackground.mails).toBeGreaterThan(3000);
    for (const family of ['chars', 'words', 'bigrams', 'shape'] as const) {
      expect(generalBackground.families[family].total).toBeGreaterThan(10_000);
      expect(generalBackground.families[family].features.length).toBeGreaterThan(0);
    }
  });

  it('counts templated mail (the same long body sent again and again) once', async () => {
    // A real mailbox that answers misdirected mail with one stock text (corpus-b, scott-s).
    const texts: string[] = [];
    for (const file of listFiles(path.join(CORPUS_DIR, '../corpus-b/enron/scott-s/sent_items'))) {
      const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
      texts.push(ownWords(bodyOf(parsed.bodyText, parsed.bodyHtml), 'Susan M Scott'));
    }
    const copies = templateCopies(texts);
    const stock = texts.filter((_, index) => copies[index]);
    expect(stock.length).toBeGreaterThanOrEqual(3);
    expect(new Set(stock.map((text) => text.replace(/\s+/g, ' ').slice(0, 40))).size).toBe(1);
    // Twenty more copies of the template leave the model as it was; twenty short "Thanks!" do not.
    const template = stock[0]!;
    const once = JSON.stringify(buildFingerprint(texts));
    expect(JSON.stringify(buildFingerprint([...texts, ...Array(20).fill(template)]))).toBe(once);
    expect(JSON.stringify(buildFingerprint([...texts, ...Array(20).fill('Thanks!')]))).not.toBe(once);
  });

  it('without incoming mail (no voice model) still tells the two apart by the naive Bayes score alone', () => {
    const vinceAlone = { fingerprint: buildFingerprint(vince.train) };
    const jimAlone = { fingerprint: buildFingerprint(jim.train) };
    expect(vinceAlone.fingerprint.voice).toBeNull();
    const samples = [...vince.held.map((text) => ['vince', text]), ...jim.held.map((text) => ['jim', text])];
    let alone = 0;
    let withVoice = 0;
    for (const [author, text] of samples) {
      const [own, other] = author === 'vince' ? [vinceAlone, jimAlone] : [jimAlone, vinceAlone];
      const score = styleMatch(own, text!);
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThanOrEqual(1);
      if (score > styleMatch(other, text!)) alone++;
      const [ownVoice, otherVoice] = author === 'vince' ? [vinceProfile, jimProfile] : [jimProfile, vinceProfile];
      if (styleMatch(ownVoice, text!) > styleMatch(otherVoice, text!)) withVoice++;
    }
    expect(alone / samples.length).toBeGreaterThan(0.9);
    // The voice model, trained against each user's own correspondents, adds to it.
    expect(withVoice).toBeGreaterThanOrEqual(alone);
  });

  it('gives a short text no voice evidence: a few words are scored by the naive Bayes model alone', () => {
    const fingerprint = vinceProfile.fingerprint;
    const swayed = {
      fingerprint: { ...fingerprint, voice: { ...fingerprint.voice!, calibration: [0, 0, 0, 20] as [number, number, number, number] } },
    };
    const short = 'Shirley, please call me.';
    const long = vince.held.find((text) => (text.match(/\p{L}+/gu)?.length ?? 0) >= 30)!;
    expect(styleMatch(swayed, short)).toBe(styleMatch(vinceProfile, short));
    expect(styleMatch(swayed, long)).toBeGreaterThan(styleMatch(vinceProfile, long));
  });

  it('does not reach 1 on a copy of the mail the profile was built from (two profiles never tie there)', () => {
    const text = vince.train[0]!;
    const copied = { fingerprint: buildFingerprint(Array(40).fill(text), jim.train) };
    const score = styleMatch(copied, text);
    expect(score).toBeGreaterThan(0.99);
    expect(score).toBeLessThan(1);
  });

  it('knows a fingerprint of an older version (no calibrated score) from a current one', () => {
    expect(isCurrentFingerprint(vinceProfile.fingerprint)).toBe(true);
    expect(isCurrentFingerprint({ ...vinceProfile.fingerprint, version: 1 })).toBe(false);
    expect(isCurrentFingerprint(undefined)).toBe(false);
  });
});
