import { chatPollSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { ChatService } from './service.ts';

const tags = ['chat'];

/** Polls in rooms (docs/chat.md "Polls"): posting, voting, closing, and a named poll's voters. */
export function pollRoutes(router: Router, chat: ChatService): void {
  router.route({
    ...chatPollSchemas.create,
    summary: 'Post a poll in a room: a `poll` message, under the same rules as any message',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.polls.create(user, input),
  });
  router.route({
    ...chatPollSchemas.vote,
    summary: 'Vote in a poll (once per member; voting again replaces the vote)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.polls.vote(user, input),
  });
  router.route({
    ...chatPollSchemas.close,
    summary: 'Close a poll now (its author or the room admins)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.polls.close(user, input),
  });
  router.route({
    ...chatPollSchemas.voters,
    summary: "Who voted for what in a named poll (the room's members)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.polls.voters(user, input),
  });
}
