import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type { ChatHeldMessageOutput, ChatRoomRefInput } from '../chat.ts';
import type * as s from '../chat-guard.ts';

/** Blocks, reports and the report queues of chat (apps/server/src/modules/chat/guard.routes.ts). */
export const chatGuardApi = {
  blocks: route<typeof EmptyInput, typeof s.ChatBlocksOutput>('GET', '/chat/blocks'),
  block: route<typeof s.ChatBlockInput, typeof s.ChatBlocksOutput>('POST', '/chat/block'),
  unblock: route<typeof s.ChatBlockInput, typeof s.ChatBlocksOutput>('POST', '/chat/unblock'),
  report: route<typeof s.ChatReportInput, typeof s.ChatReportOutput>('POST', '/chat/report'),
  roomReports: route<typeof ChatRoomRefInput, typeof s.ChatReportsOutput>('GET', '/chat/room/reports'),
  roomReportAct: route<typeof s.ChatReportActionInput, typeof s.ChatReportActionOutput>(
    'POST',
    '/chat/room/report/act',
  ),
  roomRules: route<typeof ChatRoomRefInput, typeof s.ChatRoomRulesOutput>('GET', '/chat/room/rules'),
  roomRulesSet: route<typeof s.ChatRoomRulesInput, typeof s.ChatRoomRulesOutput>('POST', '/chat/room/rules'),
  roomHeld: route<typeof ChatRoomRefInput, typeof s.ChatHeldListOutput>('GET', '/chat/room/held'),
  myHeld: route<typeof ChatRoomRefInput, typeof s.ChatHeldListOutput>('GET', '/chat/room/held/mine'),
  roomHeldAct: route<typeof s.ChatHeldActionInput, typeof ChatHeldMessageOutput>('POST', '/chat/room/held/act'),
  operatorSearchBackfill: route<typeof EmptyInput, typeof s.ChatSearchBackfillOutput>(
    'POST',
    '/admin/chat/search-backfill',
  ),
  operatorReports: route<typeof EmptyInput, typeof s.ChatReportsOutput>('GET', '/admin/chat/reports'),
  operatorReportAct: route<typeof s.ChatOperatorReportActionInput, typeof s.ChatReportActionOutput>(
    'POST',
    '/admin/chat/report/act',
  ),
};
