export * from './platform/errors.ts';
export * from './platform/constants.ts';
export * from './auth/messages.ts';
export * from './auth/schemas.ts';
export * from './dashboard/schemas.ts';
