/** Request and response schemas of activities, tickets, check-in, attendance NFTs and management, by topic. */

export * from './activities.ts';
export * from './checkin.ts';
export { activityIdField } from './fields.ts';
export * from './manage.ts';
export * from './registrations.ts';
export * from './rules.ts';
export * from './tickets.ts';
