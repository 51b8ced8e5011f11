import { describe, expect, it } from 'vitest';
import { TRAINING_LABELS, TRAINING_MESSAGES } from './messages.ts';

describe('training texts with a count', () => {
  it('writes counts with a thousands separator', () => {
    expect(TRAINING_MESSAGES.deleteConfirmBody(1726)).toBe(
      'All training emails of this account will be permanently deleted (1,726 emails). This action cannot be undone. All email counters will be reset.',
    );
    expect(TRAINING_MESSAGES.deleteConfirmBody(1)).toContain('(1 email)');
    expect(TRAINING_LABELS.trainingEmailsDeleted(1726)).toBe('1,726 emails deleted. The counters were reset.');
  });

  it('says what each count counts: the training download holds received and sent mail, the analysis reads sent mail', () => {
    expect(TRAINING_LABELS.hasTrainingEmails(1726)).toBe(
      '1,726 emails (received and sent) downloaded for training. Delete them to download another range.',
    );
    expect(TRAINING_LABELS.sampleOfTotal(259, 1259)).toBe('259 of 1,259 sent emails read');
    expect(TRAINING_LABELS.analyzedCount(259, 180)).toBe('259 sent emails read, 180 with your own words.');
  });
});
