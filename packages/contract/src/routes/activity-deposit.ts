import type * as s from '../activity-deposit.ts';
import { route } from '../api-route.ts';

/** The no-show deposit (apps/server/src/modules/activity/deposit.*): paths and types only; schemas beside. */
export const depositApi = {
  get: route<typeof s.DepositRefInput, typeof s.DepositOutput>('GET', '/activity/deposit'),
  set: route<typeof s.DepositSetInput, typeof s.DepositOutput>('POST', '/activity/deposit'),
};
