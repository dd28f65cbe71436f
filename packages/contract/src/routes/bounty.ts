import { route } from '../api-route.ts';
import type {
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

/** The bounty module's calls (apps/server/src/modules/bounty): paths and types only; schemas in bounty.schemas.ts. */
export const bountyApi = {
  create: route<typeof BountyCreateInput, typeof BountyOutput>('POST', '/bounty/create'),
  list: route<typeof BountyListInput, typeof BountiesOutput>('GET', '/bounty/list'),
  detail: route<typeof BountyRefInput, typeof BountyOutput>('GET', '/bounty/detail'),
  submit: route<typeof BountySubmitInput, typeof BountySubmissionOutput>('POST', '/bounty/submit'),
  submissions: route<typeof BountySubmissionsInput, typeof BountySubmissionsOutput>('GET', '/bounty/submissions'),
  review: route<typeof BountyReviewInput, typeof BountySubmissionOutput>('POST', '/bounty/review'),
  mine: route<typeof BountyMineInput, typeof BountyMineOutput>('GET', '/bounty/mine'),
};
