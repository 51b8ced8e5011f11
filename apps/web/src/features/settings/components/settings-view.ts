import {
  type AccountInfoResponse,
  DELETE_MY_ACCOUNT_CONFIRMATION,
  formatFileSize,
  type Profile,
  SETTINGS_LABELS,
  SETTINGS_MESSAGES,
  type SessionEntry,
} from '@penman/contract';

// What the Settings page shows, computed apart from React so it is tested on its own.

/** True when the typed email would change the sign-in email (the form then asks for the password). */
export function signInEmailChanges(saved: Pick<Profile, 'email'> | undefined, typed: string): boolean {
  if (!saved) return false;
  const next = typed.trim().toLowerCase();
  return next !== '' && next !== saved.email.toLowerCase();
}

/** "Storage used": the total, and what it is made of. */
export function describeStorage(storage: AccountInfoResponse['storage']): { total: string; detail: string } {
  return {
    total: formatFileSize(storage.totalBytes),
    detail: `${formatFileSize(storage.databaseBytes)} of mail and data, ${formatFileSize(storage.fileBytes)} of files`,
  };
}

/** The otpauth:// URI's secret in groups of four, for typing into an app by hand. */
export function secretOfTotpUri(totpURI: string): string {
  let secret: string | null = null;
  try {
    secret = new URL(totpURI).searchParams.get('secret');
  } catch {
    return '';
  }
  return (secret ?? '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The text of the downloaded backup codes file. */
export function backupCodesFileText(codes: readonly string[], email: string): string {
  return [
    `Penman backup codes for ${email}`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A 6-digit code as people type it: spaces and dashes dropped. */
export function normalizeTotpCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Sessions with this device first, then by last activity. */
export function orderSessions(sessions: readonly SessionEntry[]): SessionEntry[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt));
}

export function sessionTitle(session: Pick<SessionEntry, 'browser' | 'device'>): string {
  return `${session.browser} on ${session.device}`;
}

/** The change-password form's own check before anything is sent; undefined when fine. */
export function newPasswordProblem(newPassword: string, confirmation: string): string | undefined {
  return newPassword === confirmation ? undefined : SETTINGS_MESSAGES.passwordsDiffer;
}

/** The danger zone's button is enabled only once the spec's text is typed exactly. */
export function deleteConfirmationMatches(typed: string): boolean {
  return typed === DELETE_MY_ACCOUNT_CONFIRMATION;
}

/** The export's file name from the answer's Content-Disposition, or a dated default. */
export function exportFileNameFrom(contentDisposition: string | null, now = new Date()): string {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? `penman-export-${now.toISOString().slice(0, 10)}.zip`;
}

/** What the export button says while the zip arrives: the bytes received so far. */
export function exportProgressLabel(bytes: number): string {
  return bytes > 0 ? `${SETTINGS_LABELS.dataExport.exporting} ${formatFileSize(bytes)}` : SETTINGS_LABELS.dataExport.exporting;
}
