export * from './auth/labels.ts';
export * from './auth/messages.ts';
export * from './auth/schemas.ts';
export * from './dashboard/labels.ts';
export * from './dashboard/schemas.ts';
export * from './platform/constants.ts';
export * from './platform/errors.ts';
