import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import { ChatHeldMessageOutput, ChatRoomRefInput } from '../chat.ts';
import * as s from '../chat-guard.ts';
import { chatGuardApi as api } from './chat-guard.ts';

/** Blocks, reports and the report queues with their schemas. */
export const chatGuardSchemas = {
  blocks: withSchemas(api.blocks, EmptyInput, s.ChatBlocksOutput),
  block: withSchemas(api.block, s.ChatBlockInput, s.ChatBlocksOutput),
  unblock: withSchemas(api.unblock, s.ChatBlockInput, s.ChatBlocksOutput),
  report: withSchemas(api.report, s.ChatReportInput, s.ChatReportOutput),
  roomReports: withSchemas(api.roomReports, ChatRoomRefInput, s.ChatReportsOutput),
  roomReportAct: withSchemas(api.roomReportAct, s.ChatReportActionInput, s.ChatReportActionOutput),
  roomRules: withSchemas(api.roomRules, ChatRoomRefInput, s.ChatRoomRulesOutput),
  roomRulesSet: withSchemas(api.roomRulesSet, s.ChatRoomRulesInput, s.ChatRoomRulesOutput),
  roomHeld: withSchemas(api.roomHeld, ChatRoomRefInput, s.ChatHeldListOutput),
  myHeld: withSchemas(api.myHeld, ChatRoomRefInput, s.ChatHeldListOutput),
  roomHeldAct: withSchemas(api.roomHeldAct, s.ChatHeldActionInput, ChatHeldMessageOutput),
  operatorSearchBackfill: withSchemas(api.operatorSearchBackfill, EmptyInput, s.ChatSearchBackfillOutput),
  operatorReports: withSchemas(api.operatorReports, EmptyInput, s.ChatReportsOutput),
  operatorReportAct: withSchemas(api.operatorReportAct, s.ChatOperatorReportActionInput, s.ChatReportActionOutput),
};
