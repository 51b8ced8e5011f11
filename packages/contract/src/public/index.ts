export * from './how-heard.ts';
export * from './labels.ts';
export * from './marketing.ts';
export * from './messages.ts';
export * from './pricing.ts';
export * from './schemas.ts';
