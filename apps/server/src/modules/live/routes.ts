import {
  EmptyOutput,
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
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { LiveService } from './service.ts';

const tags = ['live'];

/**
 * Live stages and their signalling. Signalling is WHIP/WHEP in the envelope: the browser posts its complete SDP
 * offer as `sdp` and gets the complete answer and a `sessionId`; posting the `sessionId` to `/live/session/close`
 * is WHIP's DELETE. On Janus a viewer is offered to instead, and answers in a second step (docs/live.md).
 */
export function liveRoutes(router: Router, live: LiveService): void {
  router.route({
    method: 'POST',
    path: '/live/stage/create',
    summary: 'Open a live stage (scheduled until its owner starts it)',
    tags,
    auth: 'user',
    input: LiveStageCreateInput,
    output: LiveStageOutput,
    handler: ({ input, user }) => live.create(user.id, input),
  });

  router.route({
    method: 'GET',
    path: '/live/stages',
    summary: 'Stages on air that anyone with the link may watch, latest started first',
    tags,
    auth: 'optional',
    input: LiveStageListInput,
    output: LiveStagesOutput,
    handler: ({ input }) => live.listOnAir(input),
  });

  router.route({
    method: 'GET',
    path: '/live/stage/detail',
    summary: 'A live stage: its state, viewer count, and the ICE servers to connect with',
    tags,
    auth: 'optional',
    input: LiveStageRefInput,
    output: LiveStageOutput,
    handler: ({ input, user }) => live.get(input.id, user?.id ?? null),
  });

  router.route({
    method: 'GET',
    path: '/live/stage/wait',
    summary: 'A live stage once its status is no longer the one given, or as it is after 25 s (a long poll)',
    tags,
    auth: 'optional',
    input: LiveStageWaitInput,
    output: LiveStageOutput,
    handler: ({ input, user }) => live.waitForMove(input.id, user?.id ?? null, input.status),
  });

  for (const move of ['start', 'pause', 'end'] as const) {
    router.route({
      method: 'POST',
      path: `/live/stage/${move}`,
      summary: `${move[0]!.toUpperCase()}${move.slice(1)} a live stage (its owner only)`,
      tags,
      auth: 'user',
      input: LiveStageRefInput,
      output: LiveStageOutput,
      handler: ({ input, user }) => live.move(input.id, user.id, move),
    });
  }

  router.route({
    method: 'POST',
    path: '/live/stage/publish',
    summary: "The broadcaster's SDP offer (WHIP): answered with the server's SDP and a session id",
    tags,
    auth: 'user',
    input: LiveOfferInput,
    output: LiveAnswerOutput,
    handler: ({ input, user }) => live.publish(input.id, user, input.sdp),
  });

  router.route({
    method: 'POST',
    path: '/live/stage/watch',
    summary: "A viewer's SDP offer (WHEP) answered; or, without one, the SFU's offer (`watchOffer: server`)",
    tags,
    auth: 'optional',
    input: LiveWatchInput,
    output: LiveWatchOutput,
    handler: ({ input, user }) => live.watch(input.id, user ?? null, input.sdp),
  });

  router.route({
    method: 'POST',
    path: '/live/stage/watch/answer',
    summary: "The viewer's SDP answer to the SFU's offer from `/live/stage/watch`",
    tags,
    auth: 'public',
    input: LiveWatchAnswerInput,
    output: EmptyOutput,
    handler: async ({ input }) => {
      await live.answer(input.sessionId, input.sdp);
      return {};
    },
  });

  router.route({
    method: 'POST',
    path: '/live/session/close',
    summary: 'End a media session (WHIP/WHEP DELETE)',
    tags,
    auth: 'public',
    input: LiveSessionRefInput,
    output: EmptyOutput,
    handler: async ({ input }) => {
      await live.closeSession(input.sessionId);
      return {};
    },
  });
}
