import { route } from '../api-route.ts';
import type { EmptyOutput } from '../auth.ts';
import type {
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

/** The live module's calls (apps/server/src/modules/live): paths and types only; schemas in live.schemas.ts. */
export const liveApi = {
  stageCreate: route<typeof LiveStageCreateInput, typeof LiveStageOutput>('POST', '/live/stage/create'),
  stages: route<typeof LiveStageListInput, typeof LiveStagesOutput>('GET', '/live/stages'),
  stageDetail: route<typeof LiveStageRefInput, typeof LiveStageOutput>('GET', '/live/stage/detail'),
  stageWait: route<typeof LiveStageWaitInput, typeof LiveStageOutput>('GET', '/live/stage/wait'),
  stagePublish: route<typeof LiveOfferInput, typeof LiveAnswerOutput>('POST', '/live/stage/publish'),
  stageWatch: route<typeof LiveWatchInput, typeof LiveWatchOutput>('POST', '/live/stage/watch'),
  stageWatchAnswer: route<typeof LiveWatchAnswerInput, typeof EmptyOutput>('POST', '/live/stage/watch/answer'),
  sessionClose: route<typeof LiveSessionRefInput, typeof EmptyOutput>('POST', '/live/session/close'),
  stageStart: route<typeof LiveStageRefInput, typeof LiveStageOutput>('POST', '/live/stage/start'),
  stagePause: route<typeof LiveStageRefInput, typeof LiveStageOutput>('POST', '/live/stage/pause'),
  stageEnd: route<typeof LiveStageRefInput, typeof LiveStageOutput>('POST', '/live/stage/end'),
};
