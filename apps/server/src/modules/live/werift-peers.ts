import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RTCSessionDescriptionInit,
  RtpHeader,
  RtpPacket,
} from 'werift';

/**
 * Broadcaster and viewer peers in Node, for tests and the benchmark: the same offer/answer exchanges a browser
 * makes (a viewer offers to the embedded SFU and is offered to by Janus), with werift on the client side. The broadcaster sends VP8-typed RTP packets (the SFU forwards
 * packets without decoding them), each stamped with its send time so a viewer can measure delay.
 */
export type Signal = (offerSdp: string) => Promise<{ sessionId: string; sdp: string }>;
/** A viewer the SFU offers to (Janus): `watch` returns the SFU's offer, `answer` sends ours. */
export interface OfferedSignal {
  watch: () => Promise<{ sessionId: string; sdp: string }>;
  answer: (sessionId: string, answerSdp: string) => Promise<void>;
}

function clientPeer(hostAddresses: string[]) {
  return new RTCPeerConnection({
    codecs: {
      video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90_000 })],
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
    },
    iceAdditionalHostAddresses: hostAddresses,
  });
}

async function gathered(pc: RTCPeerConnection) {
  if (pc.iceGatheringState !== 'complete') {
    await pc.iceGatheringStateChange.watch((state) => state === 'complete', 10_000);
  }
  return pc.localDescription!.sdp;
}

async function negotiate(pc: RTCPeerConnection, signal: Signal | OfferedSignal) {
  if (typeof signal !== 'function') {
    const offer = await signal.watch();
    await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp } as RTCSessionDescriptionInit);
    await pc.setLocalDescription(await pc.createAnswer());
    await signal.answer(offer.sessionId, await gathered(pc));
    return offer.sessionId;
  }
  await pc.setLocalDescription(await pc.createOffer());
  const answer = await signal(await gathered(pc));
  await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp } as RTCSessionDescriptionInit);
  return answer.sessionId;
}

export interface TestBroadcaster {
  sessionId: string;
  pc: RTCPeerConnection;
  /** Packets sent so far. */
  sent: number;
  /** Sends one packet per `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export async function broadcaster(signal: Signal, hostAddresses: string[] = []): Promise<TestBroadcaster> {
  const pc = clientPeer(hostAddresses);
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  const sessionId = await negotiate(pc, signal);
  let timer: NodeJS.Timeout | undefined;
  let sequenceNumber = 0;
  const state: TestBroadcaster = {
    sessionId,
    pc,
    sent: 0,
    start(intervalMs = 33) {
      timer = setInterval(() => {
        state.sent += 1;
        sequenceNumber = (sequenceNumber + 1) & 0xffff;
        const payload = Buffer.alloc(900);
        payload.writeDoubleBE(performance.timeOrigin + performance.now(), 0);
        payload.writeUInt32BE(state.sent, 8);
        const header = new RtpHeader({
          payloadType: 96,
          sequenceNumber,
          timestamp: (sequenceNumber * 3000) >>> 0,
          ssrc: 1234,
          marker: true,
        });
        track.writeRtp(new RtpPacket(header, payload));
      }, intervalMs);
    },
    async stop() {
      clearInterval(timer);
      await pc.close();
    },
  };
  return state;
}

export interface TestViewer {
  sessionId: string;
  pc: RTCPeerConnection;
  /** Packets received so far, the broadcaster's number of each, and the delay of each from its clock (ms). */
  received: number;
  numbers: number[];
  delays: number[];
  firstPacket: Promise<void>;
  close(): Promise<void>;
}

export async function viewer(signal: Signal | OfferedSignal, hostAddresses: string[] = []): Promise<TestViewer> {
  const pc = clientPeer(hostAddresses);
  if (typeof signal === 'function') pc.addTransceiver('video', { direction: 'recvonly' });
  let resolveFirst: () => void = () => {};
  const state: TestViewer = {
    sessionId: '',
    pc,
    received: 0,
    numbers: [],
    delays: [],
    firstPacket: new Promise((resolve) => {
      resolveFirst = resolve;
    }),
    close: () => pc.close(),
  };
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      state.received += 1;
      if (rtp.payload.length >= 12) {
        state.delays.push(performance.timeOrigin + performance.now() - rtp.payload.readDoubleBE(0));
        state.numbers.push(rtp.payload.readUInt32BE(8));
      }
      resolveFirst();
    });
  });
  state.sessionId = await negotiate(pc, signal);
  return state;
}
