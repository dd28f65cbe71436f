import type { ChatMessage, ChatPollResults, ChatServerFrame, LiveTopic } from '@polaris/contract';

/** What the bus carries on a room's channel (`chat:room:<id>`): every process forwards it to its subscribers. */
export type RoomEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'deleted'; roomId: string; seq: number }
  | { type: 'typing'; roomId: string; uid: string }
  /** A member was removed (left, kicked, banned): their connections stop receiving the room. */
  | { type: 'removed'; roomId: string; uid: string }
  /** Something shown in the room changed (a red packet's shares): its members' screens refresh it. */
  | { type: 'changed'; roomId: string; topic: LiveTopic; ref: string | null }
  /** A message's reactions changed, it was edited, or the room's pins changed (docs/chat.md "Reactions, editing and pins"). */
  | MessageActionFrame
  /** A poll got a vote or closed: its results, the same for every member. */
  | { type: 'poll'; roomId: string; poll: ChatPollResults };

/** The frames of actions on a message: sent to every subscriber as they are. */
type MessageActionFrame = Extract<ChatServerFrame, { type: 'reactions' | 'edited' | 'pins' }>;

/**
 * A room event as the bus carries it: one line of routing facts (the head), a newline, then the frame the room's
 * sockets are sent, already serialised. The event is encoded once, where it happens; every process fans the frame
 * text out as it came and reads only the head (a message's body is never parsed again on its way). JSON never
 * holds a raw newline, so the first one ends the head.
 */
type RoomEventHead =
  | { type: 'message'; seq: number; senderUid: string | null }
  | { type: 'deleted' | 'removed' | 'typing'; uid?: string }
  | { type: 'changed'; topic: LiveTopic; ref: string | null }
  | { type: MessageActionFrame['type'] }
  | { type: 'poll' };

export interface WireRoomEvent {
  head: RoomEventHead;
  /** The frame for the room's sockets, serialised; empty for an event no socket is sent (a removal). */
  frame: string;
}

function headOf(event: RoomEvent): RoomEventHead {
  switch (event.type) {
    case 'message':
      return { type: 'message', seq: event.message.seq, senderUid: event.message.senderUid };
    case 'changed':
      return { type: 'changed', topic: event.topic, ref: event.ref };
    case 'typing':
    case 'removed':
      return { type: event.type, uid: event.uid };
    case 'deleted':
      return { type: 'deleted' };
    case 'reactions':
    case 'edited':
    case 'pins':
      return { type: event.type };
    case 'poll':
      return { type: 'poll' };
  }
}

function frameOf(event: RoomEvent): string {
  switch (event.type) {
    case 'message':
      return JSON.stringify({ type: 'message', message: event.message });
    case 'changed':
      return JSON.stringify({ type: 'changed', topic: event.topic, ref: event.ref });
    case 'deleted':
    case 'typing':
    case 'reactions':
    case 'edited':
    case 'pins':
    case 'poll':
      return JSON.stringify(event);
    case 'removed':
      return '';
  }
}

export function encodeRoomEvent(event: RoomEvent): string {
  return `${JSON.stringify(headOf(event))}\n${frameOf(event)}`;
}

export function decodeRoomEvent(payload: string): WireRoomEvent {
  const end = payload.indexOf('\n');
  return { head: JSON.parse(payload.slice(0, end)) as RoomEventHead, frame: payload.slice(end + 1) };
}
