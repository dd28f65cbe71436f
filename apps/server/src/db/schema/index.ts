export * from './activity.ts';
export * from './auth.ts';
export * from './limits.ts';
export * from './users.ts';
export * from './wallet.ts';
