import { describe, expect, it } from 'vitest';
import { initializationView, initStepLabel, isDownloading } from './initialization-view.ts';

const base = { initializationStatus: null, lastInitStep: null, initializationError: null } as const;

describe('initializationView', () => {
  it.each([
    [{ ...base }, { kind: 'not_started' }],
    [{ ...base, initializationStatus: 'completed' as const }, { kind: 'completed' }],
    [
      { ...base, initializationStatus: 'failed' as const, initializationError: 'Paused by user' },
      { kind: 'failed', error: 'Paused by user' },
    ],
    [
      { ...base, initializationStatus: 'failed' as const },
      { kind: 'failed', error: 'Initialization failed' },
    ],
    [
      { ...base, initializationStatus: 'initializing' as const, lastInitStep: 'download' as const },
      { kind: 'initializing', stepLabel: 'Downloading emails', stepNumber: 1, stepCount: 4 },
    ],
    [
      { ...base, initializationStatus: 'initializing' as const, lastInitStep: 'style' as const },
      { kind: 'initializing', stepLabel: 'Building style corpus', stepNumber: 3, stepCount: 4 },
    ],
    [
      { ...base, initializationStatus: 'initializing' as const },
      { kind: 'initializing', stepLabel: 'Initializing', stepNumber: null, stepCount: 4 },
    ],
  ])('%o shows %o', (account, view) => {
    expect(initializationView(account)).toEqual(view);
  });
});

describe('initStepLabel', () => {
  it.each([
    ['download', 'Downloading emails'],
    ['contacts', 'Creating contacts'],
    ['style', 'Building style corpus'],
    ['done', 'Finalizing'],
    ['something-else', 'Initializing'],
    ['toString', 'Initializing'],
    [null, 'Initializing'],
  ])('%s reads %s', (step, label) => {
    expect(initStepLabel(step)).toBe(label);
  });
});

describe('isDownloading', () => {
  it('is true while a sync runs or initialization downloads, false otherwise', () => {
    expect(isDownloading({ syncState: 'running', initializationStatus: null, lastInitStep: null })).toBe(true);
    expect(isDownloading({ syncState: 'idle', initializationStatus: 'initializing', lastInitStep: 'download' })).toBe(true);
    expect(isDownloading({ syncState: 'idle', initializationStatus: 'initializing', lastInitStep: 'contacts' })).toBe(false);
    expect(isDownloading({ syncState: 'idle', initializationStatus: 'completed', lastInitStep: 'done' })).toBe(false);
  });
});
