import { withSchemas } from '../api-route.ts';
import { EmptyOutput } from '../auth.ts';
import {
  LiveAnswerOutput,
  LiveOfferInput,
  LiveSessionRefInput,
  LiveStageCreateInput,
  LiveStageListInput,
  LiveStageOutput,
  LiveStageRefInput,
  LiveStagesOutput,
  LiveStageWaitInput,
  LiveWatchAnswerInput,
  LiveWatchInput,
  LiveWatchOutput,
} from '../live.ts';
import { liveApi as api } from './live.ts';

/** The live module's calls with their schemas: what the server registers and development builds parse with. */
export const liveSchemas = {
  stageCreate: withSchemas(api.stageCreate, LiveStageCreateInput, LiveStageOutput),
  stages: withSchemas(api.stages, LiveStageListInput, LiveStagesOutput),
  stageDetail: withSchemas(api.stageDetail, LiveStageRefInput, LiveStageOutput),
  stageWait: withSchemas(api.stageWait, LiveStageWaitInput, LiveStageOutput),
  stagePublish: withSchemas(api.stagePublish, LiveOfferInput, LiveAnswerOutput),
  stageWatch: withSchemas(api.stageWatch, LiveWatchInput, LiveWatchOutput),
  stageWatchAnswer: withSchemas(api.stageWatchAnswer, LiveWatchAnswerInput, EmptyOutput),
  sessionClose: withSchemas(api.sessionClose, LiveSessionRefInput, EmptyOutput),
  stageStart: withSchemas(api.stageStart, LiveStageRefInput, LiveStageOutput),
  stagePause: withSchemas(api.stagePause, LiveStageRefInput, LiveStageOutput),
  stageEnd: withSchemas(api.stageEnd, LiveStageRefInput, LiveStageOutput),
};
