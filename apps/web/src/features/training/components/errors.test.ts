import { describe, expect, it } from 'vitest';
import { downloadStartError, pruneError, runError, trainError } from './errors.ts';

describe('downloadStartError', () => {
  it("shows the server's range refusals under their titles", () => {
    expect(downloadStartError({ status: 400, message: 'The date range must be at least 3 months.' })).toEqual({
      title: 'Invalid Date Range',
      description: 'The date range must be at least 3 months.',
    });
    expect(downloadStartError({ status: 400, message: 'Please select an email account and date range.' }).title).toBe(
      'Missing Information',
    );
  });
  it("shows another refusal's reason, and the spec's text for anything else", () => {
    expect(downloadStartError({ status: 409, message: 'A download is already running for this account.' })).toEqual({
      title: 'Download Failed',
      description: 'A download is already running for this account.',
    });
    for (const error of [{ status: 500, message: 'boom' }, { status: 0, message: 'Could not reach the server.' }, { message: '' }]) {
      expect(downloadStartError(error)).toEqual({
        title: 'Download Failed',
        description: 'Failed to start email download. Please try again.',
      });
    }
  });
});

describe('runError and trainError', () => {
  it("are 'Run Failed' with the message, or 'Unexpected error'", () => {
    expect(runError({ status: 500, message: 'Mailbox unavailable' })).toEqual({ title: 'Run Failed', description: 'Mailbox unavailable' });
    expect(runError({ status: 500, message: ' ' })).toEqual({ title: 'Run Failed', description: 'Unexpected error' });
  });
  it("say 'No Training Emails' without outgoing mail", () => {
    expect(trainError({ status: 400, message: 'No Training Emails' })).toEqual({
      title: 'No Training Emails',
      description: 'No training emails found. Download emails first to enable analysis.',
    });
    expect(trainError({ status: 500, message: '' }).title).toBe('Run Failed');
  });
});

describe('pruneError', () => {
  it("is 'No Outgoing Emails' when the server found none", () => {
    expect(pruneError({ status: 400, message: 'No Outgoing Emails: This account has no outgoing emails to prune.' })).toEqual({
      title: 'No Outgoing Emails',
      description: 'This account has no outgoing emails to prune.',
    });
  });
  it("is 'Pruning Failed' otherwise", () => {
    expect(pruneError({ status: 500, message: 'No Outgoing Emails' })).toEqual({
      title: 'Pruning Failed',
      description: 'Failed to prune outgoing emails. Please try again.',
    });
  });
});
