import { route } from '../api-route.ts';
import type * as s from '../bounty.ts';

/** The bounty module's calls (apps/server/src/modules/bounty): paths and types only; schemas in bounty.schemas.ts. */
export const bountyApi = {
  create: route<typeof s.BountyCreateInput, typeof s.BountyOutput>('POST', '/bounty/create'),
  list: route<typeof s.BountyListInput, typeof s.BountiesOutput>('GET', '/bounty/list'),
  detail: route<typeof s.BountyRefInput, typeof s.BountyOutput>('GET', '/bounty/detail'),
  submit: route<typeof s.BountySubmitInput, typeof s.BountySubmissionOutput>('POST', '/bounty/submit'),
  submissions: route<typeof s.BountySubmissionsInput, typeof s.BountySubmissionsOutput>('GET', '/bounty/submissions'),
  review: route<typeof s.BountyReviewInput, typeof s.BountySubmissionOutput>('POST', '/bounty/review'),
  mine: route<typeof s.BountyMineInput, typeof s.BountyMineOutput>('GET', '/bounty/mine'),
};
