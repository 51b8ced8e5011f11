import { describe, expect, it } from 'vitest';
import { buttonEnablement, type EnablementInput } from './enablement.ts';

const ready: EnablementInput = {
  hasAccounts: true,
  accountId: 'account',
  startDate: '2025-01-01',
  endDate: '2025-06-01',
  busy: false,
  downloading: false,
  deleting: false,
  training: false,
  trainingEmailsCount: 0,
  outgoingEmailsCount: 120,
  analysis: null,
  trainingEmailsDownloadedOn: null,
};

const allOn = {
  download: true,
  buildInboxContacts: true,
  generateSentStyleCorpus: true,
  deleteAll: false,
  trainModel: true,
  upToDate: false,
  showReport: false,
};

describe('buttonEnablement', () => {
  it('enables the runs and Train Model for a ready account without training emails', () => {
    expect(buttonEnablement(ready)).toEqual(allOn);
  });

  it.each<[string, Partial<EnablementInput>, Partial<typeof allOn>]>([
    [
      'no accounts',
      { hasAccounts: false, accountId: null },
      { download: false, buildInboxContacts: false, generateSentStyleCorpus: false, trainModel: false },
    ],
    [
      'no account selected',
      { accountId: null },
      { download: false, buildInboxContacts: false, generateSentStyleCorpus: false, trainModel: false },
    ],
    ['no start date', { startDate: '' }, { download: false, buildInboxContacts: false, generateSentStyleCorpus: false }],
    ['no end date', { endDate: '' }, { download: false, buildInboxContacts: false, generateSentStyleCorpus: false }],
    ['busy', { busy: true }, { download: false, buildInboxContacts: false, generateSentStyleCorpus: false, trainModel: false }],
    [
      'downloading',
      { downloading: true, trainingEmailsCount: 10 },
      { download: false, buildInboxContacts: false, generateSentStyleCorpus: false, trainModel: false, deleteAll: false },
    ],
    [
      'deleting',
      { deleting: true, trainingEmailsCount: 10 },
      { download: false, buildInboxContacts: false, generateSentStyleCorpus: false, trainModel: false, deleteAll: false },
    ],
    ['training emails exist', { trainingEmailsCount: 10 }, { download: false, deleteAll: true }],
    ['training', { training: true }, { trainModel: false }],
    ['no outgoing email', { outgoingEmailsCount: 0 }, { trainModel: false }],
  ])('%s', (_name, change, expected) => {
    expect(buttonEnablement({ ...ready, ...change })).toEqual({ ...allOn, ...expected });
  });

  it('shows the report once an analysis exists', () => {
    expect(buttonEnablement({ ...ready, analysis: { sampleSize: 10, analysisDate: '2025-06-02T10:00:00Z' } }).showReport).toBe(true);
  });

  it('trains again only when the outgoing emails exceed the last sample, or after new training emails', () => {
    expect(
      buttonEnablement({ ...ready, outgoingEmailsCount: 120, analysis: { sampleSize: 120, analysisDate: '2025-06-02T10:00:00Z' } }),
    ).toMatchObject({
      trainModel: false,
      upToDate: true,
    });
    expect(
      buttonEnablement({ ...ready, outgoingEmailsCount: 121, analysis: { sampleSize: 120, analysisDate: '2025-06-02T10:00:00Z' } }),
    ).toMatchObject({
      trainModel: true,
      upToDate: false,
    });
    // Training emails downloaded after the analysis are new data: it can train again.
    const analyzed = { outgoingEmailsCount: 120, analysis: { sampleSize: 120, analysisDate: '2025-06-02T10:00:00Z' } };
    expect(buttonEnablement({ ...ready, ...analyzed, trainingEmailsDownloadedOn: '2025-06-02T11:00:00Z' }).trainModel).toBe(true);
    expect(buttonEnablement({ ...ready, ...analyzed, trainingEmailsDownloadedOn: '2025-06-01T11:00:00Z' }).trainModel).toBe(false);
    // Up to date says nothing while another rule keeps it off.
    expect(buttonEnablement({ ...ready, busy: true, analysis: { sampleSize: 120, analysisDate: '2025-06-02T10:00:00Z' } }).upToDate).toBe(
      false,
    );
  });
});
