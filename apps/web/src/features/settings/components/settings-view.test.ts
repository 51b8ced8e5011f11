import { describe, expect, it } from 'vitest';
import {
  backupCodesFileText,
  deleteConfirmationMatches,
  describeStorage,
  exportFileNameFrom,
  exportProgressLabel,
  newPasswordProblem,
  normalizeTotpCode,
  orderSessions,
  secretOfTotpUri,
  sessionTitle,
  signInEmailChanges,
} from './settings-view.ts';

const session = (id: string, current: boolean, lastActiveAt: string) => ({
  id,
  current,
  lastActiveAt,
  createdAt: lastActiveAt,
  browser: 'Chrome 131',
  device: 'Linux computer',
  ipAddress: null,
});

describe('Settings view logic', () => {
  it.each([
    ['ada@example.com', false],
    ['  ADA@example.com ', false],
    ['ada.new@example.com', true],
    ['', false],
  ])('typing %j changes the sign-in email: %s', (typed, expected) => {
    expect(signInEmailChanges({ email: 'ada@example.com' }, typed)).toBe(expected);
  });

  it('asks nothing before the profile is loaded', () => {
    expect(signInEmailChanges(undefined, 'x@example.com')).toBe(false);
  });

  it('describes storage in the spec units', () => {
    expect(describeStorage({ databaseBytes: 2048, fileBytes: 1_572_864, totalBytes: 1_574_912 })).toEqual({
      total: '1.5 MB',
      detail: '2 KB of mail and data, 1.5 MB of files',
    });
    expect(describeStorage({ databaseBytes: 0, fileBytes: 0, totalBytes: 0 }).total).toBe('0 Bytes');
  });

  it('reads the secret out of the otpauth URI, in groups of four', () => {
    expect(secretOfTotpUri('otpauth://totp/Penman:ada%40example.com?secret=JBSWY3DPEHPK3PXPAB&issuer=Penman')).toBe(
      'JBSW Y3DP EHPK 3PXP AB',
    );
    expect(secretOfTotpUri('not a uri')).toBe('');
  });

  it('writes the backup codes file', () => {
    expect(backupCodesFileText(['aaaaa-bbbbb', 'ccccc-ddddd'], 'ada@example.com')).toBe(
      'Penman backup codes for ada@example.com\nEach code signs you in once when you cannot use your authenticator app.\n\naaaaa-bbbbb\nccccc-ddddd\n',
    );
  });

  it.each([
    ['123 456', '123456'],
    ['123-456', '123456'],
    [' 123456 ', '123456'],
  ])('normalizes the code %j', (input, expected) => {
    expect(normalizeTotpCode(input)).toBe(expected);
  });

  it('lists this device first, then the most recently active', () => {
    const ordered = orderSessions([
      session('old', false, '2026-01-01T00:00:00Z'),
      session('new', false, '2026-03-01T00:00:00Z'),
      session('me', true, '2026-02-01T00:00:00Z'),
    ]);
    expect(ordered.map((s) => s.id)).toEqual(['me', 'new', 'old']);
    expect(sessionTitle(ordered[0]!)).toBe('Chrome 131 on Linux computer');
  });

  it('checks the confirmation of the new password', () => {
    expect(newPasswordProblem('battery-staple', 'battery-staple')).toBeUndefined();
    expect(newPasswordProblem('battery-staple', 'battery-stapler')).toBe('The new passwords do not match');
  });
});

describe('your data', () => {
  it.each([
    ['DELETE MY ACCOUNT', true],
    ['delete my account', false],
    ['DELETE MY ACCOUNT ', false],
    ['DELETE EMAIL ACCOUNT', false],
    ['', false],
  ])('the danger zone takes %j as the confirmation: %s', (typed, expected) => {
    expect(deleteConfirmationMatches(typed)).toBe(expected);
  });

  it('names the download from the answer, else by date', () => {
    expect(exportFileNameFrom('attachment; filename="penman-export-2026-11-25.zip"')).toBe('penman-export-2026-11-25.zip');
    expect(exportFileNameFrom(null, new Date('2026-01-02T10:00:00Z'))).toBe('penman-export-2026-01-02.zip');
  });

  it('shows the bytes received while the export arrives', () => {
    expect(exportProgressLabel(0)).toBe('Preparing your export…');
    expect(exportProgressLabel(5 * 1024 * 1024)).toMatch(/^Preparing your export… 5(\.0)? MB$/);
  });
});
