import type { IceServer, LiveAnswer, LiveStage, LiveWatch } from '@polaris/contract';

/** Sets a local description and waits for every ICE candidate in it (no trickle, as WHIP/WHEP). */
async function gathered(pc: RTCPeerConnection, description: RTCSessionDescriptionInit): Promise<string> {
  await pc.setLocalDescription(description);
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
  return pc.localDescription!.sdp;
}

/** Offer, wait for every ICE candidate, send, apply the answer. */
export async function connectPeer(
  pc: RTCPeerConnection,
  signal: (sdp: string) => Promise<LiveAnswer>,
): Promise<string> {
  const answer = await signal(await gathered(pc, await pc.createOffer()));
  await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  return answer.sessionId;
}

/**
 * A viewer's negotiation either way the stage's SFU does it (`watchOffer`): the viewer offers and gets the answer
 * (WHEP), or asks with no offer, gets the server's offer and posts its answer. Returns the session id.
 */
export async function connectViewer(
  pc: RTCPeerConnection,
  watchOffer: LiveStage['watchOffer'],
  signal: {
    watch: (sdp?: string) => Promise<LiveWatch>;
    answer: (sessionId: string, sdp: string) => Promise<unknown>;
    close: (sessionId: string) => Promise<unknown>;
  },
): Promise<string> {
  if (watchOffer === 'viewer') {
    for (const kind of ['video', 'audio']) pc.addTransceiver(kind, { direction: 'recvonly' });
  }
  const reply = await signal.watch(watchOffer === 'viewer' ? await gathered(pc, await pc.createOffer()) : undefined);
  await pc.setRemoteDescription({ type: reply.type, sdp: reply.sdp });
  if (reply.type === 'answer') return reply.sessionId;
  try {
    await signal.answer(reply.sessionId, await gathered(pc, await pc.createAnswer()));
  } catch (error) {
    void signal.close(reply.sessionId);
    throw error;
  }
  return reply.sessionId;
}

export function newPeer(iceServers: IceServer[]) {
  return new RTCPeerConnection({ iceServers });
}
