import { describe, expect, it } from 'vitest';
import { capDefault, capInputsFrom, capsRequest, parseCapInput } from './caps.ts';

describe('parseCapInput', () => {
  it.each([
    ['', { ok: true, value: null }],
    ['   ', { ok: true, value: null }],
    ['0', { ok: true, value: 0 }],
    [' 30 ', { ok: true, value: 30 }],
    ['1500', { ok: true, value: 1500 }],
    ['-1', { ok: false }],
    ['1.5', { ok: false }],
    ['1e3', { ok: false }],
    ['abc', { ok: false }],
    ['99999999999', { ok: false }],
  ])('%j gives %o', (text, result) => {
    expect(parseCapInput(text)).toEqual(result);
  });
});

describe('capsRequest', () => {
  it('sends every cap, empty ones as null', () => {
    expect(capsRequest({ maxEmailsPerDownload: '', inboxContactsPageCap: '10', inboxContactsMaxNew: '0', sentStyleCap: '' })).toEqual({
      ok: true,
      changes: { maxEmailsPerDownload: null, inboxContactsPageCap: 10, inboxContactsMaxNew: 0, sentStyleCap: null },
    });
  });

  it('names the fields that are not whole numbers of 0 or more', () => {
    expect(capsRequest({ maxEmailsPerDownload: '-3', inboxContactsPageCap: '10', inboxContactsMaxNew: 'x', sentStyleCap: '' })).toEqual({
      ok: false,
      invalid: ['maxEmailsPerDownload', 'inboxContactsMaxNew'],
    });
  });
});

describe('capInputsFrom and capDefault', () => {
  it('shows stored numbers and leaves defaults empty', () => {
    expect(capInputsFrom({ maxEmailsPerDownload: null, inboxContactsPageCap: 0, inboxContactsMaxNew: 300, sentStyleCap: null })).toEqual({
      maxEmailsPerDownload: '',
      inboxContactsPageCap: '0',
      inboxContactsMaxNew: '300',
      sentStyleCap: '',
    });
  });

  it('has the spec defaults (unlimited per download)', () => {
    expect([capDefault('inboxContactsPageCap'), capDefault('inboxContactsMaxNew'), capDefault('sentStyleCap')]).toEqual([30, 300, 1500]);
    expect(capDefault('maxEmailsPerDownload')).toBeNull();
  });
});
