import type { ChatSearchHit } from '@polaris/contract';
import { FieldsError } from '../../platform/errors.ts';
import { cityNames } from '../../platform/places/cities.ts';
import { presentMessage } from './presenter.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import { gramsByRarity, type HitRow, messagesInMyRooms, type SearchPosition, searchMessages } from './search.store.ts';
import { highlights, normalise, queryGrams } from './search-text.ts';

/** Up to this many messages in scope, their texts are read rather than the index (about 10 ms on PostgreSQL). */
const SCAN_MAX = 20_000;
/**
 * A gram's messages are counted up to this many to find the rarest: enough to tell rare from common, and cheap. Grams
 * as common as this tie and keep their order, the longest first (a word pair before its words). At 5,000, counting a
 * common phrase's three grams read 15,000 postings, most of "see you"'s time on the embedded database.
 */
const RARITY_CAP = 500;

/**
 * Message search (docs/chat.md "Search"): in one room the caller may read (404 as an unknown room otherwise, 403 to
 * one who sees it but is not in it, as its history), or in every room the caller is an active member of now. Hits
 * are newest first; each carries where the query occurs, so the client highlights without interpreting the text.
 */
export class ChatSearchService {
  /** Messages in scope up to which texts are read rather than the index; tests set 0 to walk the index. */
  scanMax = SCAN_MAX;
  /** Postings counted per gram to find the rarest (the benchmark compares caps). */
  rarityCap = RARITY_CAP;

  constructor(private readonly access: ChatRoomAccess) {}

  async search(user: Caller, input: { q: string; roomId?: string; cursor?: string; limit: number }) {
    const query = normalise(input.q).trim();
    const grams = queryGrams(query);
    if (grams.length === 0) throw new FieldsError([{ field: 'q', messageKey: 'chat.searchTooShort' }]);
    const room = input.roomId === undefined ? null : (await this.access.membership(user.id, input.roomId)).room;
    const { db } = this.access;
    // Few messages in scope: their texts are read directly. Many: the index, led by its rarest gram.
    const inScope = room ? room.lastSeq : await messagesInMyRooms(db, user.id);
    let leading: string[] | null = null;
    if (inScope > this.scanMax) {
      const counted = grams.length > 1 ? await gramsByRarity(db, grams, this.rarityCap) : [{ gram: grams[0]!, n: 1 }];
      if (counted[0]!.n === 0) return { items: [], nextCursor: null };
      leading = counted.map((entry) => entry.gram);
    }
    const rows = await searchMessages(db, {
      readerId: user.id,
      roomId: room?.id ?? null,
      grams: leading,
      query,
      from: positionOf(input.cursor),
      limit: input.limit,
    });
    const last = rows[rows.length - 1];
    return {
      items: rows.map((row) => presentHit(row, query)),
      nextCursor: rows.length === input.limit && last ? `${Number(last.at)}_${last.roomId}_${last.seq}` : null,
    };
  }
}

/** A `searchHit` cursor (already checked by the contract) as the position it names. */
function positionOf(cursor: string | undefined): SearchPosition | null {
  if (cursor === undefined) return null;
  const [at, roomId, seq] = cursor.split('_').map(Number);
  return { at: at!, roomId: roomId!, seq: seq! };
}

function presentHit(row: HitRow, query: string): ChatSearchHit {
  return {
    message: presentMessage(row),
    room: {
      id: String(row.roomId),
      kind: row.roomKind as ChatSearchHit['room']['kind'],
      name: row.roomName,
      city: row.roomCity,
      cityNames: row.roomKind === 'city' ? cityNames(row.roomCity) : null,
      peer: row.peerUid === null ? null : { uid: String(row.peerUid), name: row.peerName, avatar: null },
    },
    highlights: highlights(row.body, query),
  };
}
