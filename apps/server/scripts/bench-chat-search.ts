// Chat message search (docs/chat.md "Search", docs/performance.md "Chat search"): 200,000 messages over 500 rooms,
// mixed Chinese and English of realistic lengths, indexed as the send path indexes them (the same normalising and
// gram functions), written set-based. A reader in all 500 rooms and one in 3 search: two-character Chinese, English
// words, an @mention, common and rare terms, a miss; in all their rooms and in one room, through the service (what
// the route runs), then the bare statement of the path it takes (the rooms' texts for a small scope, else the
// index led by the rarest gram: no text check, no message rows, no names) as the baseline. Per query: p50/p95/p99
// and the statements one search sends.
//
//   npm run bench:search [-- --messages 200000 --rooms 500 --runs 40 --rarity-caps 500,5000]
//   DATABASE_URL=postgres://… npm run bench:search        (on a database of its own there, dropped afterwards)
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, query } from '../src/db/client.ts';
import { chatMembers, chatRooms, users } from '../src/db/schema/index.ts';
import type { ChatRoomAccess } from '../src/modules/chat/room-access.ts';
import { ChatSearchService } from '../src/modules/chat/search.service.ts';
import { gramsByRarity, messagesInMyRooms } from '../src/modules/chat/search.store.ts';
import { normalise, queryGrams, textGrams } from '../src/modules/chat/search-text.ts';
import { onScratchPostgres } from './bench-databases.ts';
import { flags } from './operator.ts';

const args = flags(process.argv.slice(2));
const MESSAGES = Number(args.messages ?? 200_000);
const ROOMS = Number(args.rooms ?? 500);
const RUNS = Number(args.runs ?? 40);
/** Postings counted per gram to find the rarest: the service's own, or each of a list to compare (`500,5000`). */
const RARITY_CAPS = args['rarity-caps'] ? String(args['rarity-caps']).split(',').map(Number) : [];
const SENDERS = 60;
const BATCH = 4000;

/** A small deterministic generator, so every run searches the same text. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rand = random(35);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

const ZH = [
  '今天',
  '明天',
  '我們',
  '一起',
  '喝咖啡',
  '開會',
  '見面',
  '區塊鏈',
  '活動',
  '報名',
  '時間',
  '地點',
  '謝謝',
  '大家',
  '好的',
  '沒問題',
  '晚上',
  '下午',
  '錢包',
  '比特幣',
  '以太坊',
  '社群',
  '分享',
  '講者',
  '門票',
  '簽到',
  '照片',
  '週末',
  '捷運',
  '餐廳',
  '天氣',
  '下雨',
  '準備',
  '投影片',
  '問題',
  '回答',
  '朋友',
  '介紹',
  '新手',
  '教學',
  '合約',
  '節點',
];
const EN = [
  'the',
  'meetup',
  'is',
  'at',
  'seven',
  'see',
  'you',
  'there',
  'thanks',
  'for',
  'sharing',
  'slides',
  'wallet',
  'bitcoin',
  'ethereum',
  'gas',
  'fees',
  'today',
  'tomorrow',
  'coffee',
  'after',
  'talk',
  'great',
  'question',
  'node',
  'contract',
  'audit',
  'deploy',
  'testnet',
  'mainnet',
  'bridge',
  'token',
  'airdrop',
  'ticket',
  'venue',
  'speaker',
  'weekend',
  'community',
  'welcome',
  'newcomers',
  'everyone',
  'please',
  'check',
  'link',
  'rain',
  'weather',
  'maybe',
];

/** A message: Chinese (8–40 characters), English (4–24 words) or both; some name 台北, meeting, 淡水, zk-rollup or a person. */
function messageText(mentionUids: readonly number[]): string {
  const kind = rand();
  const parts: string[] = [];
  if (kind < 0.45 || kind >= 0.85) {
    const length = 8 + Math.floor(rand() * 32);
    let zh = '';
    while (zh.length < length) zh += pick(ZH) + (rand() < 0.15 ? '，' : '');
    if (rand() < 0.03) zh = `${zh.slice(0, 4)}在台北見${zh.slice(4)}`;
    if (rand() < 0.0008) zh += '淡水';
    parts.push(`${zh}。`);
  }
  if (kind >= 0.45) {
    const words = Array.from({ length: 4 + Math.floor(rand() * 20) }, () => pick(EN));
    if (rand() < 0.03) words.splice(1, 0, 'Meeting');
    if (rand() < 0.0008) words.push('zk-rollup');
    parts.push(words.join(' '));
  }
  if (rand() < 0.05) parts.push(`@${pick(mentionUids)}`);
  return parts.join(' ');
}

const literal = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

interface Seeded {
  readerAll: { id: number; uid: number };
  readerFew: { id: number; uid: number };
  roomIds: number[];
  mentionUid: number;
  grams: number;
}

async function seed(database: DatabaseHandle): Promise<Seeded> {
  const { db } = database;
  const stamp = Date.now().toString(36);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: SENDERS + 2 }, (_, i) => ({
        email: `bench-search-${stamp}-${i}@example.com`,
        passwordHash: 'unused',
        inviteCode: `BS${stamp}${i}`,
      })),
    )
    .returning({ id: users.id, uid: users.uid });
  const [readerAll, readerFew, ...senders] = people as [(typeof people)[0], (typeof people)[0], ...typeof people];
  const now = Date.now();
  const rooms = await db
    .insert(chatRooms)
    .values(
      Array.from({ length: ROOMS }, (_, i) => ({
        kind: 'community' as const,
        name: `Bench room ${i}`,
        joinPolicy: 'public' as const,
        inviteToken: `bs-${stamp}-${i}`,
        createdAt: new Date(now - 90 * 86_400_000),
        lastMessageAt: new Date(now),
        lastSeq: 0,
      })),
    )
    .returning({ id: chatRooms.id });
  const roomIds = rooms.map((room) => room.id);
  const joinedAt = new Date(now - 90 * 86_400_000);
  await db
    .insert(chatMembers)
    .values([
      ...roomIds.map((roomId) => ({ roomId, userId: readerAll.id, role: 'member' as const, joinedAt })),
      ...roomIds.slice(0, 3).map((roomId) => ({ roomId, userId: readerFew.id, role: 'member' as const, joinedAt })),
    ]);
  const mentionUids = senders.slice(0, 10).map((sender) => sender.uid);
  const seqs = new Map<number, number>();
  let grams = 0;
  const span = 60 * 86_400_000;
  for (let start = 0; start < MESSAGES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, MESSAGES - start) }, (_, k) => {
      const n = start + k;
      const roomId = roomIds[Math.floor(rand() * roomIds.length)]!;
      const seq = (seqs.get(roomId) ?? 0) + 1;
      seqs.set(roomId, seq);
      const at = now - span + Math.floor((n / MESSAGES) * span);
      return { roomId, seq, at, sender: pick(senders).id, body: messageText(mentionUids) };
    });
    await query(
      db,
      sql`insert into chat_messages (room_id, seq, kind, sender_id, body, created_at)
          select r, s, 'text', u, b, to_timestamp(a / 1000.0)
          from unnest(${literal(rows.map((r) => r.roomId))}::bigint[], ${literal(rows.map((r) => r.seq))}::bigint[],
            ${literal(rows.map((r) => r.sender))}::bigint[], ${literal(rows.map((r) => r.body))}::text[],
            ${literal(rows.map((r) => r.at))}::bigint[]) as x(r, s, u, b, a)`,
    );
    const norms = rows.map((row) => normalise(row.body));
    await query(
      db,
      sql`insert into chat_search_texts (room_id, seq, at, norm)
          select * from unnest(${literal(rows.map((r) => r.roomId))}::bigint[], ${literal(rows.map((r) => r.seq))}::bigint[],
            ${literal(rows.map((r) => r.at))}::bigint[], ${literal(norms)}::text[])`,
    );
    const gramRows = rows.flatMap((row, k) => textGrams(norms[k]!).map((gram) => ({ gram, row })));
    grams += gramRows.length;
    await query(
      db,
      sql`insert into chat_search_grams (gram, at, room_id, seq)
          select * from unnest(${literal(gramRows.map((g) => g.gram))}::text[], ${literal(gramRows.map((g) => g.row.at))}::bigint[],
            ${literal(gramRows.map((g) => g.row.roomId))}::bigint[], ${literal(gramRows.map((g) => g.row.seq))}::bigint[])`,
    );
  }
  await query(
    db,
    sql`update chat_rooms r set last_seq = (select coalesce(max(seq), 0) from chat_messages m where m.room_id = r.id)`,
  );
  await query(db, sql`analyze`);
  return { readerAll, readerFew, roomIds, mentionUid: mentionUids[3]!, grams };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function measure(database: DatabaseHandle, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  let statements = 0;
  let hits = 0;
  for (let i = 0; i < RUNS; i++) {
    const before = database.statements();
    const started = performance.now();
    const answer = (await run()) as { items?: unknown[]; length?: number };
    times.push(performance.now() - started);
    statements = database.statements() - before;
    hits = answer.items?.length ?? answer.length ?? 0;
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(1);
  return {
    p50: ms(percentile(times, 0.5)),
    p95: ms(percentile(times, 0.95)),
    p99: ms(percentile(times, 0.99)),
    statements,
    hits,
  };
}

/**
 * The baseline: the statement the service's choice comes to, bare (no text check, no message rows, no names): the
 * rooms' texts for a small scope, else the rarest gram's postings with the others as semi-joins.
 */
function bareSearch(
  database: DatabaseHandle,
  readerId: number,
  roomId: number | null,
  grams: string[] | null,
  q: string,
) {
  const scope = (alias: string) =>
    roomId === null
      ? sql`${sql.raw(alias)}.room_id in (select room_id from chat_members where user_id = ${readerId} and not banned)`
      : sql`${sql.raw(alias)}.room_id = ${roomId}`;
  if (grams === null) {
    return query(
      database.db,
      sql`select x.room_id, x.seq from chat_search_texts x where ${scope('x')} and strpos(x.norm, ${normalise(q).trim()}) > 0
          order by x.at desc, x.room_id desc, x.seq desc limit 20`,
    ).then((result) => result.rows);
  }
  const [first, ...rest] = grams;
  const others = rest.map(
    (gram) =>
      sql`and exists (select 1 from chat_search_grams o where o.gram = ${gram} and o.at = g.at and o.room_id = g.room_id and o.seq = g.seq offset 0)`,
  );
  return query(
    database.db,
    sql`select g.room_id, g.seq from chat_search_grams g where g.gram = ${first!} and ${scope('g')} ${sql.join(others, sql` `)}
        order by g.at desc, g.room_id desc, g.seq desc limit 20`,
  ).then((result) => result.rows);
}

async function bench(label: string, database: DatabaseHandle) {
  await database.migrate();
  const started = performance.now();
  const seeded = await seed(database);
  const seedSeconds = ((performance.now() - started) / 1000).toFixed(0);
  const { rows: sizes } = await query<{ id: string | number; last_seq: string | number }>(
    database.db,
    sql`select id, last_seq from chat_rooms`,
  );
  const lastSeqOf = new Map(sizes.map((row) => [Number(row.id), Number(row.last_seq)]));
  const access = {
    db: database.db,
    membership: async (_userId: number, roomId: string | number) => ({
      room: { id: Number(roomId), lastSeq: lastSeqOf.get(Number(roomId)) ?? 0 },
    }),
  };
  // The service as the route runs it; one room's membership check is the room module's (one lookup), left out of
  // the count here by a stand-in, and counted by the API test (chat-search.test.ts).
  const service = new ChatSearchService(access as unknown as ChatRoomAccess);
  for (const cap of RARITY_CAPS.length > 0 ? RARITY_CAPS : [service.rarityCap]) {
    service.rarityCap = cap;
    await searchTable(database, service, seeded, lastSeqOf, `${label}, rarity cap ${cap}`, seedSeconds);
  }
}

async function searchTable(
  database: DatabaseHandle,
  service: ChatSearchService,
  seeded: Seeded,
  lastSeqOf: Map<number, number>,
  label: string,
  seedSeconds: string,
) {
  const queries = [
    { name: '2-char Chinese, common (台北)', q: '台北' },
    { name: '2-char Chinese, rare (淡水)', q: '淡水' },
    { name: 'English word, common (meeting)', q: 'meeting' },
    { name: 'English word, rare (zk-rollup)', q: 'zk-rollup' },
    { name: 'two English words (see you)', q: 'see you' },
    { name: '@mention', q: `@${seeded.mentionUid}` },
    { name: 'a miss (zebra)', q: 'zebra' },
  ];
  const rows: string[] = [];
  for (const { name, q } of queries) {
    for (const [who, reader, roomId] of [
      [`all ${ROOMS} rooms`, seeded.readerAll, null],
      ['one room', seeded.readerAll, seeded.roomIds[7]!],
      ['reader of 3 rooms', seeded.readerFew, null],
    ] as const) {
      const served = await measure(database, () =>
        service.search(reader, { q, roomId: roomId === null ? undefined : String(roomId), limit: 20 }),
      );
      // The path the service takes here, found outside the timing.
      const inScope = roomId === null ? await messagesInMyRooms(database.db, reader.id) : (lastSeqOf.get(roomId) ?? 0);
      const grams =
        inScope > service.scanMax
          ? (await gramsByRarity(database.db, queryGrams(normalise(q).trim()), service.rarityCap)).map(
              (entry) => entry.gram,
            )
          : null;
      const bare = await measure(database, () => bareSearch(database, reader.id, roomId, grams, q));
      rows.push(
        `| ${name} | ${who} (${grams === null ? 'texts' : 'index'}) | ${served.hits} | ${served.p50} / ${served.p95} / ${served.p99} | ${served.statements} | ${bare.p50} / ${bare.p95} / ${bare.p99} |`,
      );
    }
  }
  console.log(
    `\n${label}: ${MESSAGES} messages, ${ROOMS} rooms, ${seeded.grams} grams, seeded in ${seedSeconds} s; ${RUNS} runs each`,
  );
  console.log(
    '| query | scope | hits (page of 20) | service p50 / p95 / p99 ms | statements | bare SQL p50 / p95 / p99 ms |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

console.log(`load before: ${readFileSync('/proc/loadavg', 'utf8').trim()} (${os.cpus().length} cores)`);
if (process.env.DATABASE_URL) {
  await onScratchPostgres(process.env.DATABASE_URL, (postgres) => bench('PostgreSQL', postgres));
} else {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-search-'));
  try {
    const embedded = await openDatabase({ kind: 'pglite', dataDir });
    await bench('embedded (PGlite, on disk)', embedded);
    await embedded.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
console.log(`load after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
