import { withSchemas } from '../api-route.ts';
import {
  BountiesOutput,
  BountyCreateInput,
  BountyListInput,
  BountyMineInput,
  BountyMineOutput,
  BountyOutput,
  BountyRefInput,
  BountyReviewInput,
  BountySubmissionOutput,
  BountySubmissionsInput,
  BountySubmissionsOutput,
  BountySubmitInput,
} from '../bounty.ts';
import { bountyApi as api } from './bounty.ts';

/** The bounty module's calls with their schemas: what the server registers and development builds parse with. */
export const bountySchemas = {
  create: withSchemas(api.create, BountyCreateInput, BountyOutput),
  list: withSchemas(api.list, BountyListInput, BountiesOutput),
  detail: withSchemas(api.detail, BountyRefInput, BountyOutput),
  submit: withSchemas(api.submit, BountySubmitInput, BountySubmissionOutput),
  submissions: withSchemas(api.submissions, BountySubmissionsInput, BountySubmissionsOutput),
  review: withSchemas(api.review, BountyReviewInput, BountySubmissionOutput),
  mine: withSchemas(api.mine, BountyMineInput, BountyMineOutput),
};
