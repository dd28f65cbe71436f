import { route } from '../api-route.ts';
import type { EmptyOutput } from '../auth.ts';
import type * as s from '../live.ts';

/** The live module's calls (apps/server/src/modules/live): paths and types only; schemas in live.schemas.ts. */
export const liveApi = {
  stageCreate: route<typeof s.LiveStageCreateInput, typeof s.LiveStageOutput>('POST', '/live/stage/create'),
  stages: route<typeof s.LiveStageListInput, typeof s.LiveStagesOutput>('GET', '/live/stages'),
  stageDetail: route<typeof s.LiveStageRefInput, typeof s.LiveStageOutput>('GET', '/live/stage/detail'),
  stageWait: route<typeof s.LiveStageWaitInput, typeof s.LiveStageOutput>('GET', '/live/stage/wait'),
  stagePublish: route<typeof s.LiveOfferInput, typeof s.LiveAnswerOutput>('POST', '/live/stage/publish'),
  stageWatch: route<typeof s.LiveWatchInput, typeof s.LiveWatchOutput>('POST', '/live/stage/watch'),
  stageWatchAnswer: route<typeof s.LiveWatchAnswerInput, typeof EmptyOutput>('POST', '/live/stage/watch/answer'),
  sessionClose: route<typeof s.LiveSessionRefInput, typeof EmptyOutput>('POST', '/live/session/close'),
  stageStart: route<typeof s.LiveStageRefInput, typeof s.LiveStageOutput>('POST', '/live/stage/start'),
  stagePause: route<typeof s.LiveStageRefInput, typeof s.LiveStageOutput>('POST', '/live/stage/pause'),
  stageEnd: route<typeof s.LiveStageRefInput, typeof s.LiveStageOutput>('POST', '/live/stage/end'),
};
