import type { ChatMessage, ChatSearchHit } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createRoom, joinRoom } from './chat-fixtures.ts';

let t: TestApp;
type User = { uid: string; token: string };
let owner: User;
let ann: User;
let bob: User;
let eve: User;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = async (user: User, roomId: string, text: string) =>
  (
    await t.call<{ message: ChatMessage }>('POST', '/chat/message/send', {
      token: user.token,
      body: { roomId, text },
    })
  ).attachment.message;
type Page = { items: ChatSearchHit[]; nextCursor: string | null };
const search = (user: User, query: Record<string, string>) =>
  t.call<Page>('GET', '/chat/messages/search', { token: user.token, query });
const texts = (page: Page) => page.items.map((hit) => hit.message.text);

// Both ways of answering: reading the rooms' texts (few messages in scope) and walking the gram index (many).
describe.each([
  ['reading texts', Number.MAX_SAFE_INTEGER],
  ['walking the index', 0],
])('message search, %s', (_mode, scanMax) => {
  beforeAll(async () => {
    t.app.services.chat.search.scanMax = scanMax;
    owner = await t.register(`search-owner-${scanMax}@example.com`);
    ann = await t.register(`search-ann-${scanMax}@example.com`);
    bob = await t.register(`search-bob-${scanMax}@example.com`);
    eve = await t.register(`search-eve-${scanMax}@example.com`);
  });

  it('finds a two-character Chinese query inside text without spaces, highlighted where it occurs', async () => {
    const room = await createRoom(t, owner.token, { name: '台灣聚會' });
    await joinRoom(t, ann.token, room.id);
    await send(owner, room.id, '我們在台北見');
    await send(owner, room.id, '台中也很好');
    await send(ann, room.id, '北台灣下雨');
    const found = await search(ann, { q: '台北', roomId: room.id });
    expect(found.status).toBe(200);
    expect(texts(found.attachment)).toEqual(['我們在台北見']);
    expect(found.attachment.items[0]).toMatchObject({
      room: { id: room.id, name: '台灣聚會', kind: 'community' },
      message: { senderUid: owner.uid, roomId: room.id },
      highlights: [{ start: 3, end: 5 }],
    });
    // Full-width and traditional/simplified are not mixed: width is normalised, the characters are not.
    expect(texts((await search(ann, { q: '在台北', roomId: room.id })).attachment)).toEqual(['我們在台北見']);
    expect(texts((await search(ann, { q: '台灣', roomId: room.id })).attachment)).toEqual(['北台灣下雨']);
  });

  it('finds English words from their start whatever the case or width, and mentions by uid', async () => {
    const room = await createRoom(t, owner.token, { name: 'English' });
    await joinRoom(t, ann.token, room.id);
    await send(owner, room.id, 'The Meeting starts at noon');
    await send(owner, room.id, 'no meet here, just a helmet');
    await send(owner, room.id, `thanks @${ann.uid} for the slides`);
    expect(texts((await search(ann, { q: 'meeting', roomId: room.id })).attachment)).toEqual([
      'The Meeting starts at noon',
    ]);
    // Newest first; "helmet" holds "met" but no word starting with "meet".
    expect(texts((await search(ann, { q: 'ＭＥＥＴ', roomId: room.id })).attachment)).toEqual([
      'no meet here, just a helmet',
      'The Meeting starts at noon',
    ]);
    const mention = await search(ann, { q: `@${ann.uid}`, roomId: room.id });
    expect(texts(mention.attachment)).toEqual([`thanks @${ann.uid} for the slides`]);
    expect(mention.attachment.items[0]!.highlights).toEqual([{ start: 7, end: 8 + ann.uid.length }]);
    // Words that are both there but not side by side are not the query.
    expect((await search(ann, { q: 'meeting noon', roomId: room.id })).attachment.items).toEqual([]);
  });

  it('finds an edited message by what it says now, not by what it said', async () => {
    const room = await createRoom(t, owner.token, { name: `Edits ${scanMax}` });
    const sent = await send(owner, room.id, 'Meet at the harbour');
    const edited = await t.call('POST', '/chat/message/edit', {
      token: owner.token,
      body: { roomId: room.id, seq: sent.seq, text: 'Meet at the lighthouse' },
    });
    expect(edited.status).toBe(200);
    expect(texts((await search(owner, { q: 'lighthouse', roomId: room.id })).attachment)).toEqual([
      'Meet at the lighthouse',
    ]);
    expect(texts((await search(owner, { q: 'harbour', roomId: room.id })).attachment)).toEqual([]);
  });

  it('refuses a query with no two characters to look for, naming the field', async () => {
    const answer = await search(ann, { q: 'a 台' });
    expect(answer).toMatchObject({ status: 400, attachment: [{ field: 'q' }] });
  });

  it('pages newest first with a cursor, in one room and across rooms', async () => {
    const first = await createRoom(t, owner.token, { name: 'Paged one' });
    const second = await createRoom(t, owner.token, { name: 'Paged two' });
    await joinRoom(t, bob.token, first.id);
    await joinRoom(t, bob.token, second.id);
    const sent: string[] = [];
    for (let n = 0; n < 7; n++) {
      const text = `paging token ${n}`;
      await send(owner, n % 2 === 0 ? first.id : second.id, text);
      sent.push(text);
    }
    const newestFirst = [...sent].reverse();
    const pages: string[] = [];
    let cursor = '';
    for (let guard = 0; guard < 10; guard++) {
      const page = (await search(bob, { q: 'paging', limit: '3', cursor })).attachment;
      pages.push(...texts(page));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(pages).toEqual(newestFirst);
    const inFirst = (await search(bob, { q: 'paging', roomId: first.id, limit: '2' })).attachment;
    expect(texts(inFirst)).toEqual(['paging token 6', 'paging token 4']);
    const next = (await search(bob, { q: 'paging', roomId: first.id, limit: '2', cursor: inFirst.nextCursor! }))
      .attachment;
    expect(texts(next)).toEqual(['paging token 2', 'paging token 0']);
    const hostile = await search(bob, { q: 'paging', cursor: "1_1_1' or 1=1" });
    expect(hostile.status).toBe(400);
  });

  it('answers a room the reader may not see as an unknown one, and a public room they are not in as its history does', async () => {
    const secret = await createRoom(t, owner.token, { name: 'Secret', joinPolicy: 'invite' });
    const open = await createRoom(t, owner.token, { name: 'Open' });
    await send(owner, secret.id, 'secret plans here');
    await send(owner, open.id, 'secret plans too');
    const hidden = await search(eve, { q: 'secret', roomId: secret.id });
    const unknown = await search(eve, { q: 'secret', roomId: '999999999' });
    expect(hidden.status).toBe(404);
    const { http: _h, ...hiddenAnswer } = hidden;
    expect(hiddenAnswer).toEqual({ status: unknown.status, msg: unknown.msg, attachment: unknown.attachment });
    const history = await t.call('GET', '/chat/messages', { token: eve.token, query: { roomId: open.id } });
    const outside = await search(eve, { q: 'secret', roomId: open.id });
    expect([outside.status, outside.msg]).toEqual([history.status, history.msg]);
    expect((await search(eve, { q: 'secret' })).attachment.items).toEqual([]);
  });

  it('leaves out rooms the reader left or was banned from, and deleted messages', async () => {
    const left = await createRoom(t, owner.token, { name: 'Left behind' });
    const banned = await createRoom(t, owner.token, { name: 'Banned from' });
    const kept = await createRoom(t, owner.token, { name: 'Kept' });
    for (const [room, name] of [
      [left, 'Left behind'],
      [banned, 'Banned from'],
      [kept, 'Kept'],
    ] as const) {
      await joinRoom(t, eve.token, room.id);
      await send(owner, room.id, `vanishing words in ${name}`);
    }
    const gone = await send(eve, kept.id, 'vanishing words deleted');
    expect((await search(eve, { q: 'vanishing' })).attachment.items).toHaveLength(4);
    await t.call('POST', '/chat/room/leave', { token: eve.token, body: { roomId: left.id } });
    await t.call('POST', '/chat/member/ban', { token: owner.token, body: { roomId: banned.id, uid: eve.uid } });
    const deleted = await t.call('POST', '/chat/message/delete', {
      token: eve.token,
      body: { roomId: kept.id, seq: gone.seq },
    });
    expect(deleted.status).toBe(200);
    expect(texts((await search(eve, { q: 'vanishing' })).attachment)).toEqual(['vanishing words in Kept']);
    expect((await search(owner, { q: 'deleted', roomId: kept.id })).attachment.items).toEqual([]);
    expect((await search(eve, { q: 'vanishing', roomId: left.id })).status).toBe(403);
    expect((await search(eve, { q: 'vanishing', roomId: banned.id })).status).toBe(404);
  });

  it('answers in a fixed number of statements whatever the number of rooms', async () => {
    const reader = await t.register(`search-counted-${scanMax}@example.com`);
    const statementsOfSearch = async (query: Record<string, string>) => {
      let last = -1;
      while (last !== t.database.statements()) {
        last = t.database.statements();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const before = t.database.statements();
      const page = (await search(reader, query)).attachment;
      return { statements: t.database.statements() - before, hits: page.items.length };
    };
    const addRoom = async (n: number) => {
      const room = await createRoom(t, owner.token, { name: `Counted search ${n}` });
      await joinRoom(t, reader.token, room.id);
      await send(owner, room.id, `counted hello ${n} 計數`);
      return room;
    };
    const room = await addRoom(0);
    const one = await statementsOfSearch({ q: '計數' });
    const inOne = await statementsOfSearch({ q: 'counted', roomId: room.id });
    for (let n = 1; n < 12; n++) await addRoom(n);
    const twelve = await statementsOfSearch({ q: '計數' });
    const inOneOfTwelve = await statementsOfSearch({ q: 'counted', roomId: room.id });
    expect([one.hits, twelve.hits, inOne.hits, inOneOfTwelve.hits]).toEqual([1, 12, 1, 1]);
    expect(one.statements).toBeGreaterThan(0);
    expect(twelve.statements).toBe(one.statements);
    expect(inOneOfTwelve.statements).toBe(inOne.statements);
  });
});

describe('history around a message', () => {
  beforeAll(async () => {
    owner = await t.register('search-around@example.com');
  });

  it('answers a page around a seq, and pages down after one, newest first', async () => {
    const room = await createRoom(t, owner.token, { name: 'Around' });
    const seqs: number[] = [];
    for (let n = 0; n < 12; n++) seqs.push((await send(owner, room.id, `line ${n}`)).seq);
    const history = (query: Record<string, string>) =>
      t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', {
        token: owner.token,
        query: { roomId: room.id, ...query },
      });
    const target = seqs[5]!;
    const around = (await history({ aroundSeq: String(target), limit: '4' })).attachment.items.map((m) => m.seq);
    expect(around).toEqual([target + 2, target + 1, target, target - 1]);
    const after = (await history({ afterSeq: String(target), limit: '3' })).attachment.items.map((m) => m.seq);
    expect(after).toEqual([target + 3, target + 2, target + 1]);
  });
});
