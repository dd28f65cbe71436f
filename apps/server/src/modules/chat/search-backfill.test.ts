import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminToken } from '../../test/wallet-fixtures.ts';
import { createRoom } from './chat-fixtures.ts';

/** The search backfill of messages stored before migration 0046 (docs/chat.md "Search"). */

let t: TestApp;
let user: { uid: string; token: string };
let roomId: string;
const COUNT = 45;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.register('backfill@example.com');
  roomId = (await createRoom(t, user.token, { name: 'Old times' })).id;
  // Stored as before the index existed: straight into the table, under the room's next numbers.
  await query(
    t.database.db,
    sql`with r as (update chat_rooms set last_seq = last_seq + ${COUNT} where id = ${Number(roomId)} returning last_seq)
        insert into chat_messages (room_id, seq, kind, sender_id, body, created_at)
        select ${Number(roomId)}, r.last_seq - ${COUNT} + g, 'text', (select id from users where uid = ${Number(user.uid)}),
               '過去的訊息 number' || (g - 1) || ' 台北見', now()
        from r, generate_series(1, ${COUNT}) g`,
  );
  // As if stored before the index existed: no entries, and the backfill not started.
  await unindexAll();
});
afterAll(() => t.close());

async function unindexAll() {
  await query(t.database.db, sql`delete from chat_search_grams`);
  await query(t.database.db, sql`delete from chat_search_texts`);
  await resetCursor();
}
const resetCursor = () =>
  query(t.database.db, sql`update chat_search_backfill set room_id = 0, seq = 0, indexed = 0, done_at = null`);

const hits = async (q: string) =>
  (
    await t.call<{ items: unknown[] }>('GET', '/chat/messages/search', {
      token: user.token,
      query: { roomId, q, limit: '50' },
    })
  ).attachment.items.length;

const counts = async () => {
  const { rows } = await query<{ texts: number; grams: number }>(
    t.database.db,
    sql`select (select count(*)::int from chat_search_texts) as texts, (select count(*)::int from chat_search_grams) as grams`,
  );
  return rows[0]!;
};

describe('search backfill', () => {
  it('makes old messages findable; two workers racing index each message once; running again changes nothing', async () => {
    expect(await hits('台北')).toBe(0);
    const backfill = t.services.chat.searchBackfill;
    // Two workers, small batches, so their batches interleave; each keeps going while the other holds the cursor.
    const worker = async () => {
      let indexed = 0;
      for (;;) {
        const step = await backfill.batch(4);
        indexed += step.indexed;
        if (step.done) return indexed;
        if (step.busy) await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a + b).toBe(COUNT);
    expect(await hits('台北')).toBe(COUNT);
    expect(await hits('number7')).toBe(1);
    const after = await counts();
    expect(after.texts).toBe(COUNT);

    // Done: a run does nothing; started over, every message is indexed already and is skipped.
    expect(await backfill.run()).toEqual({ indexed: 0, done: true });
    await resetCursor();
    expect(await backfill.run()).toEqual({ indexed: 0, done: true });
    expect(await counts()).toEqual(after);
  });

  it('resumes from its cursor, and the operator route runs it', async () => {
    await unindexAll();
    const backfill = t.services.chat.searchBackfill;
    expect(await backfill.batch(10)).toEqual({ indexed: 10, done: false, busy: false });
    expect((await counts()).texts).toBe(10);
    const { rows } = await query<{ seq: number }>(t.database.db, sql`select seq::int from chat_search_backfill`);
    expect(rows[0]!.seq).toBeGreaterThan(0);
    const answer = await t.call<{ indexed: number; done: boolean }>('POST', '/admin/chat/search-backfill', {
      headers: { 'x-admin-token': await adminToken(t) },
    });
    expect(answer.attachment).toEqual({ indexed: COUNT - 10, done: true });
    expect(await hits('台北')).toBe(COUNT);
  });
});
