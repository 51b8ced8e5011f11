import { describe, expect, it } from 'vitest';
import { downloadOutcome, progressPollInterval } from './download-progress-state.ts';
import { trainingSession } from './training-session.fixture.ts';

const session = trainingSession;

describe('progressPollInterval', () => {
  it('polls every 5 s while a download runs, else not', () => {
    expect(progressPollInterval({ latestSession: session('downloading') })).toBe(5000);
    expect(progressPollInterval({ latestSession: null })).toBe(false);
    expect(progressPollInterval({ latestSession: session('completed') })).toBe(false);
    expect(progressPollInterval({ latestSession: session('failed') })).toBe(false);
    expect(progressPollInterval(undefined)).toBe(false);
  });
});

describe('downloadOutcome', () => {
  it('is nothing while the watched session runs, or for another session', () => {
    expect(downloadOutcome('watched', session('downloading'))).toBeNull();
    expect(downloadOutcome('watched', session('completed', { id: 'other' }))).toBeNull();
    expect(downloadOutcome(null, session('completed'))).toBeNull();
    expect(downloadOutcome('watched', null)).toBeNull();
  });

  it('is Download Completed with the count', () => {
    expect(downloadOutcome('watched', session('completed', { totalEmailsDownloaded: 321 }))).toEqual({
      kind: 'completed',
      title: 'Download Completed',
      description: '321 emails downloaded.',
    });
  });

  it('is Download Failed with the stored error, or Unknown error occurred', () => {
    expect(downloadOutcome('watched', session('failed', { errorMessage: 'No emails found for training' }))?.description).toBe(
      'No emails found for training',
    );
    expect(downloadOutcome('watched', session('failed'))).toEqual({
      kind: 'failed',
      title: 'Download Failed',
      description: 'Unknown error occurred',
    });
  });
});
