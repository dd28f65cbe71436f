import { chatGuardSchemas } from '@polaris/contract/schemas';
import { operatorGuard } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import type { ChatService } from './service.ts';

const tags = ['chat'];

/**
 * Blocks and reports (docs/chat.md "Blocks, reports and automatic moderation"); with `operatorToken`, the
 * operators' queue of reports about direct conversations (`npm run chat:reports`, behind the operator guard).
 */
export function chatGuardRoutes(router: Router, chat: ChatService, operatorToken: string | null): void {
  router.route({
    ...chatGuardSchemas.blocks,
    summary: 'The people I blocked, newest first',
    tags,
    auth: 'user',
    handler: ({ user }) => chat.blocks.list(user),
  });
  router.route({
    ...chatGuardSchemas.block,
    summary: 'Block a person: they can no longer open or write in our direct conversation, and are not told',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.blocks.block(user, input.uid),
  });
  router.route({
    ...chatGuardSchemas.unblock,
    summary: 'Unblock a person',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.blocks.unblock(user, input.uid),
  });
  router.route({
    ...chatGuardSchemas.report,
    summary:
      "Report a message or a member of a room, with a reason (one open report per target: a repeat answers the first's id)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.reports.report(user, input),
  });
  router.route({
    ...chatGuardSchemas.roomReports,
    summary: "A room's open reports, oldest first (admins)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.reports.roomQueue(user, input.roomId),
  });
  router.route({
    ...chatGuardSchemas.roomReportAct,
    summary: 'Act on a report of my room: delete the message, mute or ban its author, or dismiss (admins)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.reports.act(user, input),
  });
  router.route({
    ...chatGuardSchemas.roomRules,
    summary: "A room's automatic moderation: blocked words, hours before a new member may post links (admins)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.automod.rules(user, input.roomId),
  });
  router.route({
    ...chatGuardSchemas.roomRulesSet,
    summary: "Set a room's blocked words and link rules (admins)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.automod.setRules(user, input),
  });
  router.route({
    ...chatGuardSchemas.roomHeld,
    summary: "A room's messages held for approval (a first-time poster's link), oldest first (admins)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.held.queue(user, input.roomId),
  });
  router.route({
    ...chatGuardSchemas.myHeld,
    summary: 'My messages of a room that wait for an admin or were refused',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.held.mine(user, input.roomId),
  });
  router.route({
    ...chatGuardSchemas.roomHeldAct,
    summary: 'Approve (publish now, under the next number) or reject a held message (admins; acted on once)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.held.act(user, input),
  });
  if (!operatorToken) return;
  const guard = operatorGuard(operatorToken);
  router.route({
    ...chatGuardSchemas.operatorReports,
    summary: 'Open reports about direct conversations, oldest first (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      return chat.reports.operatorQueue();
    },
  });
  router.route({
    ...chatGuardSchemas.operatorSearchBackfill,
    summary: 'Index for search messages stored before search existed, a run of batches (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      return chat.searchBackfill.run();
    },
  });
  router.route({
    ...chatGuardSchemas.operatorReportAct,
    summary: 'Delete a reported direct message, or dismiss the report (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      guard(request);
      return chat.reports.operatorAct(input);
    },
  });
}
