import { describe, expect, it } from 'vitest';
import {
  decimal,
  formality,
  hoursInWords,
  patternVariation,
  percent,
  perEmail,
  quoted,
  responseSpeed,
  sentencesPerParagraph,
  typicalWords,
  usedIn,
  wordsPerEmail,
  wordsPerSentence,
} from './report-wording.ts';

describe('numbers in words', () => {
  it.each([
    [0, '0%'],
    [0.001, '<1%'],
    [0.424, '42%'],
    [1, '100%'],
    [1.2, '100%'],
    [Number.NaN, '0%'],
  ])('percent(%d) is %s', (share, text) => {
    expect(percent(share)).toBe(text);
  });

  it('rounds to one decimal', () => {
    expect(decimal(14.24)).toBe('14.2');
    expect(decimal(3)).toBe('3');
    expect(wordsPerSentence(14.26)).toBe('14.3 words per sentence');
    expect(sentencesPerParagraph(1)).toBe('1 sentence per paragraph');
    expect(sentencesPerParagraph(2.04)).toBe('2 sentences per paragraph');
    expect(wordsPerEmail(84.6)).toBe('85 words per email');
    expect(perEmail(0.33)).toBe('0.3 per email');
    expect(typicalWords(1)).toBe('About 1 word');
    expect(typicalWords(42.4)).toBe('About 42 words');
    expect(usedIn(0.5, 21)).toBe('in 50% of emails (21)');
  });

  it('quotes phrases', () => {
    expect(quoted('  let me know ')).toBe('“let me know”');
  });
});

describe('formality', () => {
  it('names the level with its score out of 100', () => {
    expect(formality({ formalityLevel: 'formal', formalityScore: 0.724 })).toBe('Formal (72 / 100)');
    expect(formality({ formalityLevel: 'very_casual', formalityScore: -0.2 })).toBe('Very casual (0 / 100)');
  });
});

describe('responseSpeed', () => {
  it.each([
    [0.4, 'under an hour'],
    [1, 'about 1 hour'],
    [3.4, 'about 3 hours'],
    [47, 'about 47 hours'],
    [72, 'about 3 days'],
  ])('%d hours is %s', (hours, text) => {
    expect(hoursInWords(hours)).toBe(text);
  });

  it('adds the typical time when replies were measured', () => {
    expect(responseSpeed({ responseSpeedPreference: 'same_day', medianResponseHours: 3.2, measuredReplies: 12 })).toBe(
      'Replies the same day: typically about 3 hours (12 replies measured)',
    );
    expect(responseSpeed({ responseSpeedPreference: 'immediate', medianResponseHours: 0.2, measuredReplies: 1 })).toBe(
      'Replies within the hour: typically under an hour (1 reply measured)',
    );
    expect(responseSpeed({ responseSpeedPreference: 'unknown', medianResponseHours: null, measuredReplies: 0 })).toBe(
      'Not enough replies to tell',
    );
  });
});

describe('patternVariation', () => {
  it('compares colleagues and outside contacts', () => {
    expect(patternVariation({ internalShare: 0.6, externalShare: 0.2 })).toBe('Colleagues 60% · Outside 20% (more with colleagues)');
    expect(patternVariation({ internalShare: 0.1, externalShare: 0.5 })).toBe('Colleagues 10% · Outside 50% (more with outside contacts)');
    expect(patternVariation({ internalShare: 0.4, externalShare: 0.45 })).toBe('Colleagues 40% · Outside 45%');
  });
  it('shows the one group there is, or nothing', () => {
    expect(patternVariation({ internalShare: null, externalShare: 0.3 })).toBe('Outside 30%');
    expect(patternVariation({ internalShare: null, externalShare: null })).toBeNull();
  });
});
