import * as s from '../activity-deposit.ts';
import { withSchemas } from '../api-route.ts';
import { depositApi as api } from './activity-deposit.ts';

/** Deposit calls with their schemas: what the server registers and development builds parse with. */
export const depositSchemas = {
  get: withSchemas(api.get, s.DepositRefInput, s.DepositOutput),
  set: withSchemas(api.set, s.DepositSetInput, s.DepositOutput),
};
