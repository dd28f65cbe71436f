import type { Database, Tx } from '../../db/client.ts';
import { blocksBetween } from './guard.store.ts';
import type { RoomRow } from './store.ts';

const none = { iBlocked: false, theyBlocked: false };

/** The other person of a direct room's pair key (`<lower id>:<higher id>`). */
function peerOfDirectKey(directKey: string, userId: number): number | undefined {
  const [a, b] = directKey.split(':').map(Number);
  if (a === userId) return b;
  if (b === userId) return a;
  return undefined;
}

/**
 * The blocks between a direct room's two people as one of them sees it: one query for a direct room of theirs,
 * none for any other room.
 */
export async function directBlocks(db: Database | Tx, room: Pick<RoomRow, 'kind' | 'directKey'>, userId: number) {
  if (room.kind !== 'direct' || !room.directKey) return none;
  const peer = peerOfDirectKey(room.directKey, userId);
  return peer === undefined ? none : blocksBetween(db, userId, peer);
}
