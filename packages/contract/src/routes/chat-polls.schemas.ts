import { withSchemas } from '../api-route.ts';
import * as s from '../chat-polls.ts';
import { chatPollApi as api } from './chat-polls.ts';

/** Poll calls with their schemas: what the server registers and development builds parse with. */
export const chatPollSchemas = {
  create: withSchemas(api.create, s.ChatPollCreateInput, s.ChatPollAnswer),
  vote: withSchemas(api.vote, s.ChatPollVoteInput, s.ChatPollAnswer),
  close: withSchemas(api.close, s.ChatPollRefInput, s.ChatPollAnswer),
  voters: withSchemas(api.voters, s.ChatPollRefInput, s.ChatPollVotersOutput),
};
