import type { ChatMessage } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { decodeRoomEvent, encodeRoomEvent } from './room-wire.ts';

const message = {
  roomId: '7',
  seq: 42,
  kind: 'text',
  senderUid: '10000001',
  senderName: 'Ann\nwith a newline',
  senderAvatar: null,
  text: 'line one\nline two {"type":"x"}\n',
  imageId: null,
  replyTo: null,
  mentions: [],
  event: null,
  targetUid: null,
  targetName: null,
  ref: null,
  deleted: false,
  createdAt: '2026-11-26T12:00:00.000Z',
} satisfies ChatMessage;

describe('a room event on the bus', () => {
  it('carries the socket frame serialised once, behind a head that routes it, whatever the text holds', () => {
    const wire = decodeRoomEvent(encodeRoomEvent({ type: 'message', message }));
    expect(wire.head).toEqual({ type: 'message', seq: 42, senderUid: '10000001' });
    expect(wire.frame).toBe(JSON.stringify({ type: 'message', message }));
    expect(JSON.parse(wire.frame)).toEqual({ type: 'message', message });
  });

  it('gives each kind of event the frame its sockets are sent, and a removal none', () => {
    const changed = decodeRoomEvent(encodeRoomEvent({ type: 'changed', roomId: '7', topic: 'redpacket', ref: 'R1' }));
    expect(changed).toEqual({
      head: { type: 'changed', topic: 'redpacket', ref: 'R1' },
      frame: JSON.stringify({ type: 'changed', topic: 'redpacket', ref: 'R1' }),
    });
    const typing = decodeRoomEvent(encodeRoomEvent({ type: 'typing', roomId: '7', uid: '5' }));
    expect(typing).toEqual({ head: { type: 'typing', uid: '5' }, frame: '{"type":"typing","roomId":"7","uid":"5"}' });
    const deleted = decodeRoomEvent(encodeRoomEvent({ type: 'deleted', roomId: '7', seq: 3 }));
    expect(deleted).toEqual({ head: { type: 'deleted' }, frame: '{"type":"deleted","roomId":"7","seq":3}' });
    expect(decodeRoomEvent(encodeRoomEvent({ type: 'removed', roomId: '7', uid: '5' }))).toEqual({
      head: { type: 'removed', uid: '5' },
      frame: '',
    });
  });

  it('sends a reaction, an edit and the pins as one frame for every socket, read by the head alone', () => {
    const reactions = {
      type: 'reactions' as const,
      roomId: '7',
      seq: 42,
      rev: 3,
      reactions: [{ emoji: '👍' as const, count: 2 }],
      uid: '10000001',
      emoji: '👍',
      on: true,
    };
    expect(decodeRoomEvent(encodeRoomEvent(reactions))).toEqual({
      head: { type: 'reactions' },
      frame: JSON.stringify(reactions),
    });
    const edited = {
      type: 'edited' as const,
      roomId: '7',
      seq: 42,
      text: 'a\nb',
      mentions: [],
      editedAt: message.createdAt,
    };
    expect(decodeRoomEvent(encodeRoomEvent(edited))).toEqual({
      head: { type: 'edited' },
      frame: JSON.stringify(edited),
    });
    const pins = {
      type: 'pins' as const,
      roomId: '7',
      items: [{ message, pinnedAt: message.createdAt, pinnedByUid: '1' }],
    };
    expect(JSON.parse(decodeRoomEvent(encodeRoomEvent(pins)).frame)).toEqual(pins);
  });
});
