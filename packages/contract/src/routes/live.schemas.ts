import { withSchemas } from '../api-route.ts';
import { EmptyOutput } from '../auth.ts';
import * as s from '../live.ts';
import { liveApi as api } from './live.ts';

/** The live module's calls with their schemas: what the server registers and development builds parse with. */
export const liveSchemas = {
  stageCreate: withSchemas(api.stageCreate, s.LiveStageCreateInput, s.LiveStageOutput),
  stages: withSchemas(api.stages, s.LiveStageListInput, s.LiveStagesOutput),
  stageDetail: withSchemas(api.stageDetail, s.LiveStageRefInput, s.LiveStageOutput),
  stageWait: withSchemas(api.stageWait, s.LiveStageWaitInput, s.LiveStageOutput),
  stagePublish: withSchemas(api.stagePublish, s.LiveOfferInput, s.LiveAnswerOutput),
  stageWatch: withSchemas(api.stageWatch, s.LiveWatchInput, s.LiveWatchOutput),
  stageWatchAnswer: withSchemas(api.stageWatchAnswer, s.LiveWatchAnswerInput, EmptyOutput),
  sessionClose: withSchemas(api.sessionClose, s.LiveSessionRefInput, EmptyOutput),
  stageStart: withSchemas(api.stageStart, s.LiveStageRefInput, s.LiveStageOutput),
  stagePause: withSchemas(api.stagePause, s.LiveStageRefInput, s.LiveStageOutput),
  stageEnd: withSchemas(api.stageEnd, s.LiveStageRefInput, s.LiveStageOutput),
};
