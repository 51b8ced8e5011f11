// The whole data model; pass this namespace to drizzle() and to drizzle-kit.
export * from './accounts.ts';
export * from './activity.ts';
export * from './auth.ts';
export * from './contacts.ts';
export * from './delivery.ts';
export * from './drafts.ts';
export * from './files.ts';
export * from './invitations.ts';
export * from './mail.ts';
export * from './notifications.ts';
export * from './profiles.ts';
export * from './public.ts';
export * from './sign-in-limits.ts';
export * from './style.ts';
export * from './triage.ts';
