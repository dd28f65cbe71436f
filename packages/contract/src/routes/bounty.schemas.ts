import { withSchemas } from '../api-route.ts';
import * as s from '../bounty.ts';
import { bountyApi as api } from './bounty.ts';

/** The bounty module's calls with their schemas: what the server registers and development builds parse with. */
export const bountySchemas = {
  create: withSchemas(api.create, s.BountyCreateInput, s.BountyOutput),
  list: withSchemas(api.list, s.BountyListInput, s.BountiesOutput),
  detail: withSchemas(api.detail, s.BountyRefInput, s.BountyOutput),
  submit: withSchemas(api.submit, s.BountySubmitInput, s.BountySubmissionOutput),
  submissions: withSchemas(api.submissions, s.BountySubmissionsInput, s.BountySubmissionsOutput),
  review: withSchemas(api.review, s.BountyReviewInput, s.BountySubmissionOutput),
  mine: withSchemas(api.mine, s.BountyMineInput, s.BountyMineOutput),
};
