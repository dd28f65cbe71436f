export * from './activity.ts';
export * from './auth.ts';
export * from './limits.ts';
export * from './mail.ts';
export * from './master.ts';
export * from './users.ts';
export * from './wallet.ts';
