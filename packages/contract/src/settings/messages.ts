import { AUTH_MESSAGES } from '../auth/messages.ts';

/**
 * Settings texts. The spec's own (part 2, section 8 "Settings") are word for word; the rest are ours
 * (the spec's password, two-factor and session controls did nothing, so it has no text for them).
 */
export const SETTINGS_MESSAGES = {
  // The spec's.
  loadProfileFailed: 'Failed to load profile data',
  updateProfileFailed: (message: string | undefined) => `Failed to update profile: ${message || 'Unknown error'}`,
  deleteAccountFailed: 'Failed to delete account',
  exportFailed: 'Failed to export data',
  // Ours.
  profileSaved: 'Profile updated',
  currentPasswordForEmail: 'Enter your current password to change your sign-in email',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed',
  passwordChangedOthersSignedOut: 'Password changed. Your other sessions were signed out.',
  passwordsDiffer: 'The new passwords do not match',
  twoFactorEnabled: 'Two-factor sign-in is on',
  twoFactorDisabled: 'Two-factor sign-in is off',
  twoFactorCodeInvalid: AUTH_MESSAGES.secondFactorInvalid,
  codeRequired: 'Enter the code',
  sessionSignedOut: 'Session signed out',
  otherSessionsSignedOut: (count: number) => `${count} other session${count === 1 ? '' : 's'} signed out`,
  sessionNotFound: 'No such session of yours',
  notificationNotFound: 'No such notification of yours',
  notificationPrefsSaved: 'Notification settings saved',
  backupCodesCopied: 'Backup codes copied',
  deleteConfirmationWrong: 'Type DELETE MY ACCOUNT to confirm',
  passwordRequired: 'Enter your current password',
  twoFactorCodeRequired: 'Enter the code from your authenticator app',
  /** Past the limit of password and code checks (per user and per network address). */
  tooManyTries: 'Too many tries. Please wait a few minutes, then try again.',
  /** The two-factor lock (after repeated wrong codes, at sign-in or here) is on. */
  twoFactorLocked: 'Too many wrong codes: two-factor checks are locked for a while. Please try again later.',
  failed: (message: string | undefined) => message || 'Please try again.',
} as const;
