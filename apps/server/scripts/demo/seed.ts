import { createHash } from 'node:crypto';
import {
  CalendarEntryInput,
  CreateActivityInput,
  hashLoginPassword,
  hashTradePassword,
  MarketingInput,
  PersonalInfoInput,
  type Registration,
  SignUpInput,
  Status,
  TransferInput,
} from '@polaris/contract';
import type { AppServices } from '../../src/app.ts';
import { AppError } from '../../src/platform/errors.ts';
import type { SessionUser } from '../../src/platform/session.ts';
import { zonedDate, zonedMidnight } from '../../src/platform/zoned-time.ts';
import {
  ACTIVITIES,
  CALENDAR_ENTRIES,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_TRADE_PASSWORD,
  DEMO_WORDS,
  type DemoActivity,
  PEOPLE,
  type PersonKey,
  TRANSFERS,
} from './content.ts';
import { coverPng } from './covers.ts';

const DAY_MS = 86_400_000;

/** The services' clock: `set(null)` is the real time; a date moves every service to that moment. */
export interface DemoClock {
  set(at: Date | null): void;
}

export interface SeedDeps {
  services: AppServices;
  clock: DemoClock;
  /** The newest code mailed to an address (sign-up and transaction-password codes arrive by mail). */
  codeFor(email: string): Promise<string>;
  /** One line of progress for the person running the command. */
  log?(line: string): void;
}

export interface SeedReport {
  created: {
    people: number;
    deposits: number;
    transfers: number;
    activities: number;
    covers: number;
    registrations: number;
    approvals: number;
    checkIns: number;
    settled: number;
    released: number;
    calendarEntries: number;
  };
  /** Nothing was created: everything was there already. */
  alreadySeeded: boolean;
  demoUser: { email: string; password: string; tradePassword: string; uid: string };
}

interface Person extends SessionUser {
  key: PersonKey;
  name: string;
  trade: string;
}

/** A local time on a day counted from today in a zone, as an instant. */
function localTime(now: Date, timeZone: string, day: number, at: string, hours = 0): Date {
  const today = zonedDate(now, timeZone);
  const [hour, minute] = at.split(':').map(Number) as [number, number];
  const midnight = zonedMidnight(today.year, today.month, today.day + day, timeZone);
  return new Date(midnight.getTime() + (hour * 60 + minute) * 60_000 + hours * 3_600_000);
}

/** Stable keys and hashes, so a second run is recognised by the services' own idempotency. */
const stableHex = (text: string) => createHash('sha256').update(`polaris-demo:${text}`).digest('hex');

const isConflict = (error: unknown) => error instanceof AppError && error.status === Status.conflict;

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
  const log = deps.log ?? (() => {});
  const created: SeedReport['created'] = {
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
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

  try {
    // People: accounts, profile names, transaction passwords, deposits.
    clock.set(ago(50));
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
    const person = (key: PersonKey) => people.get(key)!;

    clock.set(ago(45));
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

    // Activities: what each host already has, by title.
    const existing = new Map<string, { id: string; startsAt: string; endsAt: string }>();
    for (const host of new Set(ACTIVITIES.map((activity) => activity.host))) {
      const mine = await services.activity.discovery.mine(person(host).id, { role: 'hosted', when: 'all', limit: 100 });
      for (const item of mine.items) existing.set(`${host}\n${item.title}`, item);
    }

    interface Made {
      plan: DemoActivity;
      id: string;
      startsAt: Date;
      endsAt: Date;
      registrations: Map<PersonKey, Registration>;
    }
    const madePast: Made[] = [];

    const signUpGuests = async (made: Made) => {
      const { plan } = made;
      for (const key of plan.guests) {
        const guest = person(key);
        const answers = Object.fromEntries(
          (plan.questions ?? []).map((question, index) => [`q${index + 1}`, question.options?.[1] ?? 'Demo answer']),
        );
        const input = SignUpInput.parse({
          activityId: made.id,
          answers,
          ...(plan.price
            ? {
                tradePassword: guest.trade,
                idempotencyKey: `demo-signup-${stableHex(`signup:${made.id}:${key}`).slice(0, 40)}`,
              }
            : {}),
        });
        const { myRegistration } = await services.activity.discovery.detail(made.id, guest.id);
        let registration = myRegistration;
        if (!registration) {
          registration = await services.activity.signups.signUp(guest, { ...input, language: 'en' });
          created.registrations++;
          log(`  ticket    ${guest.email} → ${plan.title} (${registration.status})`);
        }
        made.registrations.set(key, registration);
        if (registration.status === 'pending' && plan.approved?.includes(key)) {
          try {
            const approved = await services.activity.seats.approve(
              person(plan.host).id,
              made.id,
              Number(registration.id),
            );
            made.registrations.set(key, approved);
            created.approvals++;
          } catch (error) {
            if (!isConflict(error)) throw error;
          }
        }
      }
    };

    const create = async (plan: DemoActivity, startsAt: Date, endsAt: Date): Promise<string> => {
      const host = person(plan.host);
      const place =
        'online' in plan.place
          ? { onlineUrl: plan.place.online, timezone: plan.place.timezone }
          : {
              timezone: plan.place.timezone,
              city: plan.place.city,
              address: plan.place.address,
              latitude: plan.place.latitude,
              longitude: plan.place.longitude,
            };
      const cover = await services.activity.images.upload(
        host.id,
        await coverPng({ seed: `${plan.host}\n${plan.title}`, category: plan.category }),
      );
      created.covers++;
      const input = CreateActivityInput.parse({
        title: plan.title,
        description: `${plan.blurb}\n\n${DEMO_WORDS[plan.lang].footer(host.name)}`,
        category: plan.category,
        coverImageId: cover.id,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        ...place,
        capacity: plan.capacity ?? null,
        requireApproval: plan.requireApproval ?? false,
        questions: plan.questions ?? [],
        ticketTypes: [
          plan.price
            ? { name: DEMO_WORDS[plan.lang].paidTicket, price: plan.price, asset: 'USDT' }
            : { name: DEMO_WORDS[plan.lang].freeTicket },
        ],
        publish: true,
      });
      const activity = await services.activity.editing.create(host, input);
      if (plan.featured) {
        await services.activity.editing.setMarketing(
          host.id,
          MarketingInput.parse({
            activityId: activity.id,
            featured: true,
            shareTitle: plan.title,
            shareText: plan.blurb,
          }),
        );
      }
      created.activities++;
      log(`  activity  ${plan.title} (${plan.category}, ${'online' in plan.place ? 'online' : plan.place.city})`);
      return activity.id;
    };

    for (const plan of ACTIVITIES) {
      const timezone = plan.place.timezone;
      const found = existing.get(`${plan.host}\n${plan.title}`);
      if (found) {
        // Already there: upcoming ones get any missing sign-ups; ended ones are left as they are.
        if (new Date(found.endsAt) > now) {
          clock.set(null);
          await signUpGuests({
            plan,
            id: found.id,
            startsAt: new Date(found.startsAt),
            endsAt: new Date(found.endsAt),
            registrations: new Map(),
          });
        }
        continue;
      }
      const startsAt = localTime(now, timezone, plan.day, plan.at);
      const endsAt = localTime(now, timezone, plan.day, plan.at, plan.hours);
      const past = endsAt <= now;
      // A past activity is created and sold while it was still ahead, as it would have been.
      clock.set(past ? new Date(Math.min(ago(40).getTime(), startsAt.getTime() - DAY_MS)) : null);
      const id = await create(plan, startsAt, endsAt);
      const made: Made = { plan, id, startsAt, endsAt, registrations: new Map() };
      await signUpGuests(made);
      if (past) madePast.push(made);
    }

    const settleDue = async () => {
      for (;;) {
        const { settled } = await services.activity.settlement.processDue();
        created.settled += settled;
        if (settled === 0) break;
      }
    };

    // Check-ins at the door while each past activity ran; each one mints the attendee's NFT. Just after its
    // end the activity worker settles it: ticket money leaves escrow into the organizer's held earnings.
    madePast.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    for (const made of madePast) {
      clock.set(new Date(made.startsAt.getTime() + 20 * 60_000));
      for (const key of made.plan.checkedIn ?? []) {
        const ticket = made.registrations.get(key);
        if (!ticket?.qr) continue;
        try {
          const done = await services.activity.checkins.checkInTicket(person(made.plan.host).id, made.id, ticket.qr);
          created.checkIns++;
          log(`  check-in  ${person(key).email} at ${made.plan.title} → NFT #${done.nft.tokenId}`);
        } catch (error) {
          if (!isConflict(error)) throw error;
        }
      }
      clock.set(new Date(made.endsAt.getTime() + 60_000));
      await settleDue();
    }

    // Back in the present, as the workers would: whatever ended is settled, and earnings whose payout hold has
    // passed become their organizers' to withdraw.
    clock.set(null);
    await settleDue();
    for (;;) {
      const { released } = await services.earnings.releaseDue();
      created.released += released;
      if (released === 0) break;
    }

    // A few personal entries in the demo user's calendar.
    const demo = person('demo');
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
