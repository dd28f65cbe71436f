import type { LiveStage } from '@polaris/contract';
import { type RefObject, useEffect, useState } from 'react';
import { liveSignal } from '@/api/live.ts';
import { connectViewer, newPeer } from './peer.ts';

export type ViewerState = 'idle' | 'connecting' | 'playing' | 'reconnecting';

const RETRY_MS = 2000;

/**
 * Plays a stage into `video` while the viewer may watch it (`can.watch`: on air, and theirs to see): connects (WHEP,
 * or answering the SFU's offer), and when the connection fails or drops, shows "reconnecting" and tries again until
 * it plays or the stage is no longer on air.
 */
export function useLiveViewer(stage: LiveStage | undefined, video: RefObject<HTMLVideoElement>): ViewerState {
  const [state, setState] = useState<ViewerState>('idle');
  // On air and open to this viewer, as the server's `can.watch` says: otherwise a watch would only be refused.
  const onAir = stage?.can.watch === true;
  const id = stage?.id;
  const iceServers = stage?.iceServers;
  const watchOffer = stage?.watchOffer;

  useEffect(() => {
    if (!onAir || id === undefined || iceServers === undefined || watchOffer === undefined) {
      setState('idle');
      return;
    }
    let stopped = false;
    let pc: RTCPeerConnection | null = null;
    let sessionId: string | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const drop = () => {
      pc?.close();
      pc = null;
      if (sessionId) void liveSignal.close(sessionId);
      sessionId = null;
    };
    const again = () => {
      if (stopped) return;
      drop();
      setState('reconnecting');
      clearTimeout(retry);
      retry = setTimeout(() => void open(), RETRY_MS);
    };
    const open = async () => {
      const peer = newPeer(iceServers);
      pc = peer;
      const stream = new MediaStream();
      peer.ontrack = (event) => {
        stream.addTrack(event.track);
        if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
      };
      peer.onconnectionstatechange = () => {
        if (peer !== pc) return;
        if (peer.connectionState === 'connected') setState('playing');
        if (peer.connectionState === 'failed' || peer.connectionState === 'disconnected') again();
      };
      try {
        const opened = await connectViewer(peer, watchOffer, {
          watch: (sdp) => liveSignal.watch(id, sdp),
          answer: liveSignal.answer,
          close: liveSignal.close,
        });
        if (stopped || peer !== pc) {
          void liveSignal.close(opened);
          return;
        }
        sessionId = opened;
      } catch {
        if (peer === pc) again();
      }
    };
    setState('connecting');
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      drop();
    };
  }, [onAir, id, iceServers, watchOffer, video]);

  return state;
}
