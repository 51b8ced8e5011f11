import { describe, expect, it } from 'vitest';
import { overallTrainingStatus } from './overall-training-status.ts';

// The specification's table (part 1, section 4): the first rule that matches wins.
describe('overallTrainingStatus', () => {
  it.each([
    ['no accounts: no banner', [], null],
    ['any completed', ['failed', 'in_progress', 'completed', 'not_started', 'ready'], 'completed'],
    ['completed alone', ['completed'], 'completed'],
    ['else any in_progress', ['failed', 'not_started', 'in_progress'], 'in_progress'],
    ['else any not_started', ['failed', 'not_started', 'ready'], 'not_started'],
    ['else any failed', ['failed', 'ready'], 'failed'],
    ['otherwise ready', ['ready', 'ready'], 'ready'],
  ] as const)('%s', (_rule, statuses, expected) => {
    expect(overallTrainingStatus(statuses)).toBe(expected);
  });
});
