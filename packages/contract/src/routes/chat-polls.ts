import { route } from '../api-route.ts';
import type * as s from '../chat-polls.ts';

/** Polls in chat rooms (apps/server/src/modules/chat/polls.*): paths and types only; schemas in chat-polls.schemas.ts. */
export const chatPollApi = {
  create: route<typeof s.ChatPollCreateInput, typeof s.ChatPollAnswer>('POST', '/chat/poll/create'),
  vote: route<typeof s.ChatPollVoteInput, typeof s.ChatPollAnswer>('POST', '/chat/poll/vote'),
  close: route<typeof s.ChatPollRefInput, typeof s.ChatPollAnswer>('POST', '/chat/poll/close'),
  voters: route<typeof s.ChatPollRefInput, typeof s.ChatPollVotersOutput>('GET', '/chat/poll/voters'),
};
