import type { IceServer, LiveAnswer } from '@polaris/contract';

/** Offer, wait for every ICE candidate (no trickle, as WHIP/WHEP), send, apply the answer. */
export async function connectPeer(
  pc: RTCPeerConnection,
  signal: (sdp: string) => Promise<LiveAnswer>,
): Promise<string> {
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const done = () => {
        if (pc.iceGatheringState !== 'complete') return;
        pc.removeEventListener('icegatheringstatechange', done);
        resolve();
      };
      pc.addEventListener('icegatheringstatechange', done);
      // Without STUN/TURN, gathering ends at once; with an unreachable one, do not wait forever.
      setTimeout(resolve, 5000);
    });
  }
  const answer = await signal(pc.localDescription!.sdp);
  await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  return answer.sessionId;
}

export function newPeer(iceServers: IceServer[]) {
  return new RTCPeerConnection({ iceServers });
}
