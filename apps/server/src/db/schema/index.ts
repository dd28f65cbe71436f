// One file per module (its tables), and one per platform piece that keeps state (attempts, idempotency, mail).
export * from './activity.ts';
export * from './attempts.ts';
export * from './auth.ts';
export * from './bounty.ts';
export * from './calendar.ts';
export * from './chat.ts';
export * from './idempotency.ts';
export * from './invite.ts';
export * from './live.ts';
export * from './mail.ts';
export * from './master.ts';
export * from './people.ts';
export * from './redpacket.ts';
export * from './security.ts';
export * from './users.ts';
export * from './vip.ts';
export * from './wallet.ts';
