import {
  CalendarEntryInput,
  hashLoginPassword,
  hashTradePassword,
  PersonalInfoInput,
  TransferInput,
} from '@polaris/contract';
import type { AppServices } from '../../src/app.ts';
import { checkInAndSettle, seedActivities, settleDue } from './activities.ts';
import {
  CALENDAR_ENTRIES,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_TRADE_PASSWORD,
  PEOPLE,
  type PersonKey,
  TRANSFERS,
} from './content.ts';
import { type Created, DAY_MS, type DemoClock, localTime, type Person, type Seeding, stableHex } from './seeding.ts';

export interface SeedDeps {
  services: AppServices;
  clock: DemoClock;
  /** The newest code mailed to an address (sign-up and transaction-password codes arrive by mail). */
  codeFor(email: string): Promise<string>;
  /** One line of progress for the person running the command. */
  log?(line: string): void;
}

export interface SeedReport {
  created: Created;
  /** Nothing was created: everything was there already. */
  alreadySeeded: boolean;
  demoUser: { email: string; password: string; tradePassword: string; uid: string };
}

/**
 * Fills the database with demo content through the same services the routes call, so every rule and ledger
 * invariant holds: people sign up with mailed codes, money arrives as local chain deposits, covers go through
 * the upload pipeline, tickets are bought with the transaction password, and check-ins mint the NFTs.
 *
 * Past activities are made by moving the services' clock back: they are created and sold before they start,
 * checked in while they run and settled just after their end (ticket money into the organizer's held
 * earnings); back at the real present, earnings whose payout hold has passed are paid out, as the workers do.
 *
 * Running it again tops up what is missing and creates nothing that is already there: accounts are found by
 * email, deposits by their transaction hash, paid sign-ups and transfers by their idempotency key, and
 * activities by host and title.
 */
export async function seedDemo(deps: SeedDeps): Promise<SeedReport> {
  const { services, clock } = deps;
  const created: Created = {
    people: 0,
    deposits: 0,
    transfers: 0,
    activities: 0,
    covers: 0,
    registrations: 0,
    approvals: 0,
    checkIns: 0,
    settled: 0,
    released: 0,
    calendarEntries: 0,
  };
  const now = new Date();
  const log = deps.log ?? (() => {});
  try {
    clock.set(new Date(now.getTime() - 50 * DAY_MS));
    const people = await seedPeople(deps, created, log);
    const seeding: Seeding = { services, clock, now, created, log, person: (key) => people.get(key)! };
    clock.set(new Date(now.getTime() - 45 * DAY_MS));
    await seedTransfers(seeding);
    await checkInAndSettle(seeding, await seedActivities(seeding));
    // Back in the present, as the workers would: whatever ended is settled, and earnings whose payout hold has
    // passed become their organizers' to withdraw.
    clock.set(null);
    await settleDue(seeding);
    await releaseDue(seeding);
    const demo = seeding.person('demo');
    await seedCalendar(seeding, demo);
    const alreadySeeded = Object.entries(created).every(([, count]) => count === 0);
    return {
      created,
      alreadySeeded,
      demoUser: {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
        tradePassword: DEMO_TRADE_PASSWORD,
        uid: String(demo.uid),
      },
    };
  } finally {
    clock.set(null);
  }
}

/** People: accounts, profile names, transaction passwords, deposits. */
async function seedPeople(deps: SeedDeps, created: Created, log: (line: string) => void) {
  const { services } = deps;
  const people = new Map<PersonKey, Person>();
  for (const plan of PEOPLE) {
    if (!(await services.auth.isRegistered(plan.email))) {
      await services.auth.sendCode(plan.email, 'signup', 'en');
      const vcode = await deps.codeFor(plan.email);
      await services.auth.signup({ email: plan.email, vcode, password: hashLoginPassword(DEMO_PASSWORD) });
      created.people++;
      log(`  account   ${plan.email} (${plan.name})`);
    }
    const row = await services.users.requireByEmail(plan.email);
    if (!row.openName) await services.users.updateProfile(row.id, PersonalInfoInput.parse({ openName: plan.name }));
    const trade = hashTradePassword(DEMO_TRADE_PASSWORD, row.uid);
    if ((await services.trade.status(row.id)).blank) {
      await services.auth.sendCode(plan.email, 'trade', 'en');
      await services.trade.set(row, await deps.codeFor(plan.email), trade);
    }
    for (const [index, [asset, chain, amount]] of plan.deposits.entries()) {
      // A chain on a node (CHAIN_RPC_<CHAIN>) gets no made-up deposits: they would be in no block.
      if (services.chains.runtimes.some((r) => r.chain.symbol.toLowerCase() === chain.toLowerCase())) {
        log(`  skipped   ${amount} ${asset} on ${chain}: that chain runs on a node, send it for real`);
        continue;
      }
      const txHash = `0x${stableHex(`deposit:${plan.email}:${index}`)}`;
      const result = await services.deposits.simulateDeposit({ email: plan.email, asset, chain, amount, txHash });
      if (result.credited) {
        created.deposits++;
        log(`  deposit   ${amount} ${asset} on ${chain} to ${plan.email}`);
      }
    }
    people.set(plan.key, {
      key: plan.key,
      name: plan.name,
      trade,
      id: row.id,
      uid: row.uid,
      uuid: row.uuid,
      email: row.email,
      // The services act for the person; no session is opened on their behalf.
      sessionId: 0,
      signingKey: null,
    });
  }
  return people;
}

/** The planned transfers between people; a repeat of the same idempotency key moves nothing. */
async function seedTransfers({ services, created, log, person }: Seeding): Promise<void> {
  for (const [index, transfer] of TRANSFERS.entries()) {
    const from = person(transfer.from);
    const input = TransferInput.parse({
      asset: transfer.asset,
      amount: transfer.amount,
      to: String(person(transfer.to).uid),
      tradePassword: from.trade,
      idempotencyKey: `demo-transfer-${stableHex(`transfer:${index}`).slice(0, 40)}`,
      memo: transfer.memo,
    });
    const newest = async () =>
      (await services.records.records(from.id, { asset: transfer.asset, limit: 1 })).items[0]?.id;
    const before = await newest();
    // A repeat of the same idempotency key answers with the first transfer and moves nothing.
    await services.transfers.transfer(from, input);
    if ((await newest()) !== before) {
      created.transfers++;
      log(`  transfer  ${transfer.amount} ${transfer.asset} from ${from.email} to ${person(transfer.to).email}`);
    }
  }
}

/** What the earnings worker would do now: every earning whose payout hold has passed released. */
async function releaseDue({ services, created }: Seeding): Promise<void> {
  for (;;) {
    const { released } = await services.earnings.releaseDue();
    created.released += released;
    if (released === 0) break;
  }
}

/** A few personal entries in the demo user's calendar. */
async function seedCalendar({ services, created, now }: Seeding, demo: Person): Promise<void> {
  const own = await services.calendar.items(demo.id, {}, 'own', 500);
  for (const entry of CALENDAR_ENTRIES) {
    if (own.some((item) => item.title === entry.title)) continue;
    await services.calendar.create(
      demo.id,
      CalendarEntryInput.parse({
        title: entry.title,
        startsAt: localTime(now, 'Asia/Taipei', entry.day, entry.at).toISOString(),
        endsAt: localTime(now, 'Asia/Taipei', entry.day, entry.at, entry.hours).toISOString(),
        timezone: 'Asia/Taipei',
        location: entry.location,
      }),
    );
    created.calendarEntries++;
  }
}
