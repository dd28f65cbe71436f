import type { LiveStage } from '@polaris/contract';
import { liveApi } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './request.ts';

export const liveKeys = {
  all: ['live'] as const,
  stage: (id: string) => ['live', 'stage', id] as const,
  onAir: (ownerUid?: string) => ['live', 'onAir', ownerUid ?? ''] as const,
};

/** Stages on air that anyone with the link may watch (of one broadcaster with `ownerUid`), refreshed every 10 s. */
export function useStagesOnAir(ownerUid?: string) {
  return useQuery({
    queryKey: liveKeys.onAir(ownerUid),
    queryFn: () => api.call(liveApi.stages, ownerUid ? { ownerUid, limit: 20 } : { limit: 50 }),
    refetchInterval: 10_000,
  });
}

/**
 * A stage, kept current two ways: a long poll (`/live/stage/wait`) answers the moment it moves (a waiting viewer
 * sees it go live at once, whichever server the broadcaster is on), and a poll every 3 s on air refreshes the
 * viewer count (every 10 s before, should a wait be lost). Nothing once it has ended.
 */
export function useLiveStage(id: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: liveKeys.stage(id),
    enabled: id !== '',
    queryFn: () => api.call(liveApi.stageDetail, { id }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'ended' ? false : status === 'scheduled' ? 10_000 : 3000;
    },
  });
  const status = query.data?.status;
  useEffect(() => {
    if (id === '' || status === undefined || status === 'ended') return;
    const stop = new AbortController();
    void (async () => {
      while (!stop.signal.aborted) {
        try {
          const stage: LiveStage = await api.call(
            liveApi.stageWait,
            { id, status },
            { signal: stop.signal, silent: true },
          );
          client.setQueryData(liveKeys.stage(id), stage);
          // A new status runs this effect again, waiting on that one.
          if (stage.status !== status) return;
        } catch {
          // Offline or a server restarting: the poll above carries on; try waiting again a little later.
          await new Promise((resolve) => setTimeout(resolve, 3000));
        }
      }
    })();
    return () => stop.abort();
  }, [id, status, client]);
  return query;
}

export function useCreateStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; audience: 'members' | 'link'; coverImageId?: string; roomId?: string }) =>
      api.call(liveApi.stageCreate, input),
    onSuccess: (stage) => client.setQueryData(liveKeys.stage(stage.id), stage),
  });
}

/** The call for each move of a stage. */
const STAGE_MOVES = { start: liveApi.stageStart, pause: liveApi.stagePause, end: liveApi.stageEnd };

export function useMoveStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: 'start' | 'pause' | 'end' }) => api.call(STAGE_MOVES[move], { id }),
    onSuccess: (stage) => client.setQueryData(liveKeys.stage(stage.id), stage),
  });
}

/**
 * WHIP/WHEP in the envelope: the complete offer in, the complete answer out. On Janus a viewer posts no offer, gets
 * the server's, and sends its answer next (docs/live.md).
 */
export const liveSignal = {
  publish: (id: string, sdp: string) => api.call(liveApi.stagePublish, { id, sdp }),
  watch: (id: string, sdp?: string) => api.call(liveApi.stageWatch, { id, sdp }, { silent: true }),
  answer: (sessionId: string, sdp: string) => api.call(liveApi.stageWatchAnswer, { sessionId, sdp }, { silent: true }),
  close: (sessionId: string) => api.call(liveApi.sessionClose, { sessionId }, { silent: true }).catch(() => undefined),
};
