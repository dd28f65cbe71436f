/**
 * Request and response schemas of activities, tickets, check-in, attendance NFTs and management, by topic. The
 * plain values they use (categories, statuses, limits, the refund rule) are in `activity-constants.ts`, apart
 * from zod, for the web's first screen.
 */

export * from './activities.ts';
export * from './blast.ts';
export * from './checkin.ts';
export { activityIdField } from './fields.ts';
export * from './hosting.ts';
export * from './manage.ts';
export * from './nft-chain.ts';
export * from './promo.ts';
export * from './registrations.ts';
export * from './tickets.ts';
export * from './wallet-passes.ts';
