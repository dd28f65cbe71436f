import { liveSchemas } from '@polaris/contract/schemas';
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
    ...liveSchemas.stageCreate,
    summary: 'Open a live stage (scheduled until its owner starts it)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => live.create(user.id, input),
  });

  router.route({
    ...liveSchemas.stages,
    summary: 'Stages on air that anyone with the link may watch, latest started first',
    tags,
    auth: 'optional',
    handler: ({ input }) => live.listOnAir(input),
  });

  router.route({
    ...liveSchemas.stageDetail,
    summary: 'A live stage: its state, viewer count, and the ICE servers to connect with',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => live.get(input.id, user?.id ?? null),
  });

  router.route({
    ...liveSchemas.stageWait,
    summary: 'A live stage once its status is no longer the one given, or as it is after 25 s (a long poll)',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => live.waitForMove(input.id, user?.id ?? null, input.status),
  });

  for (const [move, spec] of [
    ['start', liveSchemas.stageStart],
    ['pause', liveSchemas.stagePause],
    ['end', liveSchemas.stageEnd],
  ] as const) {
    router.route({
      ...spec,
      summary: `${move[0]!.toUpperCase()}${move.slice(1)} a live stage (its owner only)`,
      tags,
      auth: 'user',
      handler: ({ input, user }) => live.move(input.id, user.id, move),
    });
  }

  router.route({
    ...liveSchemas.stagePublish,
    summary: "The broadcaster's SDP offer (WHIP): answered with the server's SDP and a session id",
    tags,
    auth: 'user',
    handler: ({ input, user }) => live.publish(input.id, user, input.sdp),
  });

  router.route({
    ...liveSchemas.stageWatch,
    summary: "A viewer's SDP offer (WHEP) answered; or, without one, the SFU's offer (`watchOffer: server`)",
    tags,
    auth: 'optional',
    handler: ({ input, user }) => live.watch(input.id, user ?? null, input.sdp),
  });

  router.route({
    ...liveSchemas.stageWatchAnswer,
    summary: "The viewer's SDP answer to the SFU's offer from `/live/stage/watch`",
    tags,
    auth: 'public',
    handler: async ({ input }) => {
      await live.answer(input.sessionId, input.sdp);
      return {};
    },
  });

  router.route({
    ...liveSchemas.sessionClose,
    summary: 'End a media session (WHIP/WHEP DELETE)',
    tags,
    auth: 'public',
    handler: async ({ input }) => {
      await live.closeSession(input.sessionId);
      return {};
    },
  });
}
