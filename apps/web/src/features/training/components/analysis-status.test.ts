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
  trainingStatus: 'not_started' as const,
  trainingError: null,
  analysis: null,
  latestSession: null,
  outgoingEmailsCount: 0,
};

describe('analysisStatus', () => {
  it('is Not analyzed without mail, Ready to analyze with sent mail', () => {
    expect(analysisStatus(base, false)).toEqual({ label: 'Not analyzed', tone: 'idle', detail: null });
    expect(analysisStatus({ ...base, outgoingEmailsCount: 3 }, false)).toMatchObject({ label: 'Ready to analyze', tone: 'idle' });
  });

  it('is Analyzing while Train Model runs or the server trains', () => {
    expect(analysisStatus(base, true).label).toBe('Analyzing');
    expect(analysisStatus({ ...base, trainingStatus: 'in_progress' }, false)).toMatchObject({ label: 'Analyzing', tone: 'busy' });
  });

  it('is Downloading emails while a session runs', () => {
    expect(analysisStatus({ ...base, latestSession: session('downloading') }, false).label).toBe('Downloading emails');
    expect(analysisStatus({ ...base, trainingStatus: 'starting' }, false).label).toBe('Downloading emails');
  });

  it('is Training Failed with the stored error', () => {
    expect(analysisStatus({ ...base, trainingStatus: 'failed', trainingError: 'No emails found for training' }, false)).toEqual({
      label: 'Training Failed',
      tone: 'error',
      detail: 'No emails found for training',
    });
    expect(analysisStatus({ ...base, trainingStatus: 'failed' }, false).detail).toBe('Unknown error occurred');
  });

  it('is Analyzed with its date and sample', () => {
    const status = analysisStatus(
      {
        ...base,
        trainingStatus: 'completed',
        outgoingEmailsCount: 200,
        analysis: { analysisDate: '2025-05-14T12:00:00Z', sampleSize: 150, totalEmailsAvailable: 200 },
      },
      false,
    );
    expect(status).toEqual({ label: 'Analyzed', tone: 'success', detail: 'Last analyzed May 14, 2025 · 150 of 200 emails analyzed' });
  });
});
