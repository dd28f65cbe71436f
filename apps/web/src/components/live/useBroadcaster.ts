import type { LiveStage } from '@polaris/contract';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { liveSignal, useMoveStage } from '@/api/live.ts';
import { connectPeer, newPeer } from './peer.ts';

const stopTrack = (track: MediaStreamTrack) => {
  track.stop();
};

export type BroadcastState = 'camera' | 'noCamera' | 'ready' | 'connecting' | 'onAir' | 'failed' | 'ended';

/**
 * The broadcaster's side: the camera and microphone into `preview`, then "go live" starts the stage and sends
 * them (WHIP); pause and end move the stage, and ending closes the connection and the camera.
 */
export function useBroadcaster(stage: LiveStage | undefined, preview: RefObject<HTMLVideoElement>) {
  const [state, setState] = useState<BroadcastState>('camera');
  const media = useRef<MediaStream | null>(null);
  const peer = useRef<{ pc: RTCPeerConnection; sessionId: string | null } | null>(null);
  const move = useMoveStage();

  useEffect(() => {
    let cancelled = false;
    navigator.mediaDevices
      ?.getUserMedia({ video: { width: 640, height: 360 }, audio: true })
      .then((stream) => {
        if (cancelled) {
          stream.getTracks().forEach(stopTrack);
          return;
        }
        media.current = stream;
        if (preview.current) preview.current.srcObject = stream;
        setState('ready');
      })
      .catch(() => !cancelled && setState('noCamera'));
    if (!navigator.mediaDevices) setState('noCamera');
    return () => {
      cancelled = true;
      media.current?.getTracks().forEach(stopTrack);
      const open = peer.current;
      open?.pc.close();
      if (open?.sessionId) void liveSignal.close(open.sessionId);
    };
  }, [preview]);

  const goLive = useCallback(async () => {
    if (!stage || !media.current) return;
    setState('connecting');
    try {
      if (stage.can.start) await move.mutateAsync({ id: stage.id, move: 'start' });
      const pc = newPeer(stage.iceServers);
      for (const track of media.current.getTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
      const open: { pc: RTCPeerConnection; sessionId: string | null } = { pc, sessionId: null };
      peer.current = open;
      pc.onconnectionstatechange = () => {
        if (pc.connectionState === 'connected') setState('onAir');
        if (pc.connectionState === 'failed') setState('failed');
      };
      open.sessionId = await connectPeer(pc, (sdp) => liveSignal.publish(stage.id, sdp));
    } catch {
      setState('failed');
    }
  }, [stage, move]);

  const pause = useCallback(() => stage && move.mutate({ id: stage.id, move: 'pause' }), [stage, move]);
  const resume = useCallback(() => stage && move.mutate({ id: stage.id, move: 'start' }), [stage, move]);
  const end = useCallback(async () => {
    if (!stage) return;
    await move.mutateAsync({ id: stage.id, move: 'end' });
    peer.current?.pc.close();
    peer.current = null;
    media.current?.getTracks().forEach(stopTrack);
    setState('ended');
  }, [stage, move]);

  return { state, goLive, pause, resume, end, busy: move.isPending };
}
