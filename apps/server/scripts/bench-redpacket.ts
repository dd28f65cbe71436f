// Red packet claims under contention: 1,000 people opening one 100-share packet at the same moment, against
// the same claim without contention, measured in the same run on the embedded database (and on PostgreSQL
// when DATABASE_URL is set), beside a bare Fastify route taking the same burst.
//
//   npm run bench:redpacket [-- --claimers 1000 --shares 100 --single 50]
//   DATABASE_URL=postgres://… npm run bench:redpacket
//
// Checked every run: exactly `shares` winners, each person once, the shares summing to the amount to the base
// unit, and every ledger rule (`checkLedger`). "Uncontended" is measured twice: one claim at a time (latency
// alone), and the same burst of 1,000 with each person on a packet of their own (the burst's cost without the
// contention); the second is the fair comparison for what contention on one packet adds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, type RedPacket } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { type DatabaseHandle, query } from '../src/db/client.ts';
import { redPackets } from '../src/db/schema/index.ts';
import { checkLedger } from '../src/modules/wallet/ledger.store.ts';
import { ledger } from '../src/modules/wallet/ledger.ts';
import { seedPeople } from '../src/test/seed-people.ts';
import { benchEachDatabase } from './bench-databases.ts';
import { benchApp, fundedPeople } from './bench-people.ts';
import { type BurstAnswer, runBurstInProcess } from './bench-redpacket-load.ts';
import { flags } from './operator.ts';

const args = flags(process.argv.slice(2));
const CLAIMERS = Number(args.claimers ?? 1000);
const SHARES = Number(args.shares ?? 100);
const SINGLE = Number(args.single ?? 50);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (answers: BurstAnswer[]) => {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};
type Figures = ReturnType<typeof summary>;

/** The same burst against a route that parses the body and answers, nothing else: what the burst itself costs. */
async function bare(): Promise<Figures> {
  const app = Fastify();
  app.get('/warm', async () => ({ ok: true }));
  app.post('/claim', async (request) => ({
    status: 200,
    attachment: { amount: String((request.body as object) && 1) },
  }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const answers = await runBurstInProcess({
    url: `${base}/claim`,
    warmUrl: `${base}/warm`,
    requests: Array.from({ length: CLAIMERS }, (_, i) => ({ token: `t${i}`, body: { redpacketCode: 'x' } })),
    mode: 'burst',
  });
  await app.close();
  return summary(answers);
}

async function bench(label: string, database: DatabaseHandle) {
  await database.migrate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-redpacket-'));
  const app = await benchApp(database, dataDir);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const api = (route: string) => `${base}${API_BASE}${route}`;
  const [sender] = await fundedPeople(database, 1, 'rp-sender');
  const claimers = await seedPeople(database, CLAIMERS * 2 + SINGLE, 'rp');

  const send = async (amount: string, count: number): Promise<RedPacket> => {
    const response = await fetch(api('/redpacket/send'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: sender!.token },
      body: JSON.stringify({
        kind: 'share',
        asset: 'USDT',
        amount,
        count,
        validity: 1,
        validityUnit: 'day',
        tradePassword: sender!.trade,
        idempotencyKey: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      }),
    });
    const json = (await response.json()) as { status: number; msg: string; attachment: RedPacket };
    if (json.status !== 200) throw new Error(`send: ${json.msg}`);
    return json.attachment;
  };
  const warmUrl = api('/app/config');

  // Uncontended: one claim at a time, each on a packet of its own.
  const lone: { token: string; body: unknown }[] = [];
  for (const person of claimers.slice(CLAIMERS * 2)) {
    lone.push({ token: person.token, body: { redpacketCode: (await send('1', 1)).code } });
  }
  const singles = await runBurstInProcess({ url: api('/redpacket/claim'), warmUrl, requests: lone, mode: 'sequence' });

  // The same burst without contention: everyone at once, each on a packet of their own (written straight into
  // the tables with their escrow entries: a thousand sends behind the trade password is not what is measured).
  const own = await packetsOfOne(database, sender!.id, CLAIMERS);
  const spread = await runBurstInProcess({
    url: api('/redpacket/claim'),
    warmUrl,
    requests: claimers
      .slice(CLAIMERS, CLAIMERS * 2)
      .map((person, i) => ({ token: person.token, body: { redpacketCode: own[i]! } })),
    mode: 'burst',
  });
  if (spread.some((a) => a.status !== 200)) throw new Error('an uncontended claim of the burst failed');

  // Contended: everyone at once on one packet.
  const amount = '1000';
  const packet = await send(amount, SHARES);
  const crowd = claimers.slice(0, CLAIMERS);
  const answers = await runBurstInProcess({
    url: api('/redpacket/claim'),
    warmUrl,
    requests: crowd.map((person) => ({ token: person.token, body: { redpacketCode: packet.code } })),
    mode: 'burst',
  });
  const winners = answers.filter((a) => a.status === 200);
  const others = answers.filter((a) => a.status !== 200);
  const units = winners.reduce((sum, a) => sum + BigInt(Math.round(Number(a.amount) * 1e6)), 0n);
  const { rows } = await query<{ n: number; people: number }>(
    database.db,
    sql`select count(*)::int as n, count(distinct user_id)::int as people from red_packet_claims c
        join red_packets p on p.id = c.packet_id where p.code = ${packet.code}`,
  );
  const violations = await checkLedger(database.db);
  const checks = {
    winners: winners.length,
    refusedAllClaimed: others.filter((a) => a.status === 409).length,
    otherAnswers: others.filter((a) => a.status !== 409).length,
    sharesSumExactly: units === BigInt(amount) * 1_000_000n,
    claimRows: rows[0]?.n,
    distinctPeople: rows[0]?.people,
    ledgerViolations: violations.length,
  };

  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return {
    label,
    single: summary(singles),
    spread: summary(spread),
    contended: summary(answers),
    winnersOnly: summary(winners),
    checks,
  };
}

/** `count` packets of one share (1 USDT) from `senderId`, each with its escrow entry, in one transaction. */
async function packetsOfOne(database: DatabaseHandle, senderId: number, count: number): Promise<string[]> {
  const now = new Date();
  const codes = Array.from({ length: count }, (_, i) => `bench${Date.now().toString(36)}${i}`);
  await database.db.transaction(async (tx) => {
    const entryIds = await ledger.postMany(
      tx,
      codes.map((code) => ({
        kind: 'redpacket_send',
        asset: 'USDT',
        actorId: senderId,
        memo: { code },
        movements: [
          { account: { userId: senderId }, bucket: 'available' as const, amount: -1_000_000n },
          { account: { system: 'redpacket_escrow' as const }, bucket: 'available' as const, amount: 1_000_000n },
        ],
      })),
    );
    await tx.insert(redPackets).values(
      codes.map((code, i) => ({
        code,
        senderId,
        kind: 'share' as const,
        split: 'random' as const,
        audience: 'anyone' as const,
        assetCode: 'USDT',
        amount: '1000000',
        count: 1,
        remainingAmount: '1000000',
        remainingCount: 1,
        sendEntryId: entryIds[i]!,
        expiresAt: new Date(now.getTime() + 86_400_000),
        createdAt: now,
      })),
    );
  });
  return codes;
}

const results = await benchEachDatabase(bench);
const baseline = await bare();

const ms = (value: number) => value.toFixed(1).padStart(8);
console.log(
  `\n${CLAIMERS} claimers at once on one ${SHARES}-share packet; one claim alone = ${SINGLE} claims one at a time; own packets = the same burst, each person on a packet of their own`,
);
console.log('database            case                          p50 ms   p95 ms   p99 ms');
for (const r of results) {
  console.log(
    `${r.label.padEnd(19)} one claim alone             ${ms(r.single.p50)} ${ms(r.single.p95)} ${ms(r.single.p99)}`,
  );
  console.log(
    `${r.label.padEnd(19)} same burst, own packets     ${ms(r.spread.p50)} ${ms(r.spread.p95)} ${ms(r.spread.p99)}`,
  );
  console.log(
    `${r.label.padEnd(19)} contended, all answers      ${ms(r.contended.p50)} ${ms(r.contended.p95)} ${ms(r.contended.p99)}`,
  );
  console.log(
    `${r.label.padEnd(19)} contended, winners only     ${ms(r.winnersOnly.p50)} ${ms(r.winnersOnly.p95)} ${ms(r.winnersOnly.p99)}`,
  );
}
console.log(
  `${'bare Fastify'.padEnd(19)} same burst, no work          ${ms(baseline.p50)} ${ms(baseline.p95)} ${ms(baseline.p99)}`,
);
console.log('\nratios');
for (const r of results) {
  console.log(
    `${r.label}: contended p99 / same burst on own packets p99 = ${(r.contended.p99 / r.spread.p99).toFixed(2)}×; ` +
      `contended p99 / one claim alone p99 = ${(r.contended.p99 / r.single.p99).toFixed(2)}×; ` +
      `contended p99 / bare burst p99 = ${(r.contended.p99 / baseline.p99).toFixed(2)}×`,
  );
  console.log(`${r.label}: checks ${JSON.stringify(r.checks)}`);
}
const failed = results.some(
  (r) =>
    r.checks.winners !== SHARES ||
    !r.checks.sharesSumExactly ||
    r.checks.distinctPeople !== SHARES ||
    r.checks.otherAnswers !== 0 ||
    r.checks.ledgerViolations !== 0,
);
process.exit(failed ? 1 : 0);
