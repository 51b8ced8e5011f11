/** Every cached query of the Settings page sits under `['settings']`. */
export const settingsKeys = {
  all: ['settings'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  account: () => [...settingsKeys.all, 'account'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  notifications: () => [...settingsKeys.all, 'notifications'] as const,
};
