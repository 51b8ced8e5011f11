import { describe, expect, it } from 'vitest';
import { deriveTrainingStatus, type TrainingStatusInput } from './training-status.ts';

const nothing: TrainingStatusInput = {
  storedStatus: 'not_started',
  storedError: null,
  hasProfile: false,
  sessionRunning: false,
  initializationStatus: null,
  lastInitStep: null,
};

describe('deriveTrainingStatus', () => {
  it.each<[string, Partial<TrainingStatusInput>, ReturnType<typeof deriveTrainingStatus>]>([
    ['nothing yet, nothing coming: ready', {}, { status: 'ready', error: null }],
    [
      'an import initializing, before its style step: queued',
      { initializationStatus: 'initializing', lastInitStep: 'download' },
      { status: 'not_started', error: null },
    ],
    [
      "the initialization's style step: in progress",
      { initializationStatus: 'initializing', lastInitStep: 'style' },
      { status: 'in_progress', error: null },
    ],
    [
      'after an import: the initialization built the profile, training_status was never written',
      { hasProfile: true, initializationStatus: 'completed', lastInitStep: 'done' },
      { status: 'completed', error: null },
    ],
    ['a download session runs', { sessionRunning: true, storedStatus: 'downloading' }, { status: 'in_progress', error: null }],
    ['a download re-runs over a trained profile', { sessionRunning: true, hasProfile: true }, { status: 'in_progress', error: null }],
    ['Train Model runs', { storedStatus: 'in_progress', hasProfile: true }, { status: 'in_progress', error: null }],
    [
      'a run found no mail and no profile exists: failed, with why',
      { storedStatus: 'failed', storedError: 'No emails found for training' },
      { status: 'failed', error: 'No emails found for training' },
    ],
    [
      'a run found no mail beside a trained profile: the profile stands',
      { storedStatus: 'failed', storedError: 'No emails found for training', hasProfile: true },
      { status: 'completed', error: null },
    ],
    ['failed without a message', { storedStatus: 'failed', storedError: '  ' }, { status: 'failed', error: null }],
    [
      'a retried initialization after a failure will train: queued',
      { storedStatus: 'failed', storedError: 'x', initializationStatus: 'initializing', lastInitStep: 'contacts' },
      { status: 'not_started', error: null },
    ],
    ['a download that never ended (no running session) is not running', { storedStatus: 'downloading' }, { status: 'ready', error: null }],
    [
      'a paused initialization trains nothing: ready',
      { initializationStatus: 'failed', lastInitStep: 'download' },
      { status: 'ready', error: null },
    ],
  ])('%s', (_case, input, expected) => {
    expect(deriveTrainingStatus({ ...nothing, ...input })).toEqual(expected);
  });
});
