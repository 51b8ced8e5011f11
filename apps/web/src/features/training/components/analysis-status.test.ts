import { describe, expect, it } from 'vitest';
import { analysisStatus, trainingGuidance } from './analysis-status.ts';
import { trainingSession } from './training-session.fixture.ts';

describe('trainingGuidance', () => {
  it.each([
    [0, 'No training emails found. Download emails first to enable analysis.'],
    [1, 'More emails recommended for better analysis results.'],
    [49, 'More emails recommended for better analysis results.'],
    [50, null],
    [1200, null],
  ])('%i outgoing emails: %s', (count, text) => {
    expect(trainingGuidance(count)?.text ?? null).toBe(text);
  });
});

const session = trainingSession;

const base = {
  trainingStatus: 'ready' as const,
  trainingError: null,
  analysis: null,
  latestSession: null,
  outgoingEmailsCount: 0,
};

describe('analysisStatus', () => {
  it('reads the status the server derived, in the words of every screen', () => {
    expect(analysisStatus(base, false)).toEqual({ label: 'Ready for Training', tone: 'idle', detail: null });
    expect(analysisStatus({ ...base, outgoingEmailsCount: 1726 }, false)).toEqual({
      label: 'Ready for Training',
      tone: 'idle',
      detail: '1,726 sent emails available for training.',
    });
    expect(analysisStatus({ ...base, trainingStatus: 'not_started' }, false)).toMatchObject({ label: 'Training Queued', tone: 'idle' });
  });

  it('is Training in Progress while Train Model runs, the server trains or a session downloads', () => {
    expect(analysisStatus(base, true)).toEqual({ label: 'Training in Progress', tone: 'busy', detail: 'Analyzing your sent emails' });
    expect(analysisStatus({ ...base, trainingStatus: 'in_progress' }, false)).toMatchObject({
      label: 'Training in Progress',
      tone: 'busy',
    });
    expect(analysisStatus({ ...base, trainingStatus: 'in_progress', latestSession: session('downloading') }, false)).toEqual({
      label: 'Training in Progress',
      tone: 'busy',
      detail: 'Downloading emails',
    });
  });

  it('is Training Failed with the error', () => {
    expect(analysisStatus({ ...base, trainingStatus: 'failed', trainingError: 'No emails found for training' }, false)).toEqual({
      label: 'Training Failed',
      tone: 'error',
      detail: 'No emails found for training',
    });
    expect(analysisStatus({ ...base, trainingStatus: 'failed' }, false).detail).toBe('Unknown error occurred');
  });

  it('is AI Model Ready with the date and the figures of the Train Model dialog, each named for what it counts', () => {
    const status = analysisStatus(
      {
        ...base,
        trainingStatus: 'completed',
        outgoingEmailsCount: 1259,
        analysis: { analysisDate: '2025-05-14T12:00:00Z', sampleSize: 1259, totalEmailsAvailable: 1259, emailsAnalyzed: 1180 },
      },
      false,
    );
    expect(status).toEqual({
      label: 'AI Model Ready',
      tone: 'success',
      detail: 'Last analyzed May 14, 2025 · 1,259 of 1,259 sent emails read · 1,180 with your own words',
    });
  });

  it('shows what the server derived, whatever the session says: a failed run beside a model is AI Model Ready', () => {
    const status = analysisStatus(
      {
        ...base,
        trainingStatus: 'completed',
        latestSession: session('failed'),
        analysis: { analysisDate: '2025-05-14T12:00:00Z', sampleSize: 10, totalEmailsAvailable: 10, emailsAnalyzed: 8 },
      },
      false,
    );
    expect(status).toMatchObject({ label: 'AI Model Ready', tone: 'success' });
  });
});
