export * from './activity.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './wallet.ts';
