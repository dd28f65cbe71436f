import { CreateActivityInput, MarketingInput, type Registration, SignUpInput } from '@polaris/contract';
import { ACTIVITIES, DEMO_WORDS, type DemoActivity, type PersonKey } from './content.ts';
import { coverPng } from './covers.ts';
import { DAY_MS, isConflict, localTime, type Seeding, stableHex } from './seeding.ts';

/** An activity of the plan as it stands in the database, with the tickets its guests hold. */
interface Made {
  plan: DemoActivity;
  id: string;
  startsAt: Date;
  endsAt: Date;
  registrations: Map<PersonKey, Registration>;
}

/**
 * Every planned activity that is not there yet, created with its sign-ups; one already there gets any missing
 * sign-ups while it is upcoming. Answers the past ones it created, for their check-ins and settlement.
 */
export async function seedActivities(seeding: Seeding): Promise<Made[]> {
  const { clock, now } = seeding;
  const existing = await existingActivities(seeding);
  const madePast: Made[] = [];
  for (const plan of ACTIVITIES) {
    const timezone = plan.place.timezone;
    const found = existing.get(`${plan.host}\n${plan.title}`);
    if (found) {
      // Already there: upcoming ones get any missing sign-ups; ended ones are left as they are.
      if (new Date(found.endsAt) > now) {
        clock.set(null);
        await signUpGuests(seeding, {
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
    const fortyDaysAgo = now.getTime() - 40 * DAY_MS;
    clock.set(past ? new Date(Math.min(fortyDaysAgo, startsAt.getTime() - DAY_MS)) : null);
    const id = await createActivity(seeding, plan, startsAt, endsAt);
    const made: Made = { plan, id, startsAt, endsAt, registrations: new Map() };
    await signUpGuests(seeding, made);
    if (past) madePast.push(made);
  }
  return madePast;
}

/** What each host already has, by host and title. */
async function existingActivities({ services, person }: Seeding) {
  const existing = new Map<string, { id: string; startsAt: string; endsAt: string }>();
  for (const host of new Set(ACTIVITIES.map((activity) => activity.host))) {
    const mine = await services.activity.discovery.mine(person(host).id, { role: 'hosted', when: 'all', limit: 100 });
    for (const item of mine.items) existing.set(`${host}\n${item.title}`, item);
  }
  return existing;
}

/** The plan's guests signed up (paid tickets with the transaction password), and approved where the plan says. */
async function signUpGuests({ services, created, log, person }: Seeding, made: Made): Promise<void> {
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
        const approved = await services.activity.seats.approve(person(plan.host).id, made.id, Number(registration.id));
        made.registrations.set(key, approved);
        created.approvals++;
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
    }
  }
}

/** One planned activity, published with a generated cover (featured when the plan says); answers its id. */
async function createActivity(
  { services, created, log, person }: Seeding,
  plan: DemoActivity,
  startsAt: Date,
  endsAt: Date,
): Promise<string> {
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
      MarketingInput.parse({ activityId: activity.id, featured: true, shareTitle: plan.title, shareText: plan.blurb }),
    );
  }
  created.activities++;
  log(`  activity  ${plan.title} (${plan.category}, ${'online' in plan.place ? 'online' : plan.place.city})`);
  return activity.id;
}

/**
 * Check-ins at the door while each past activity ran; each one mints the attendee's NFT. Just after its end the
 * activity worker settles it: ticket money leaves escrow into the organizer's held earnings.
 */
export async function checkInAndSettle(seeding: Seeding, madePast: Made[]): Promise<void> {
  const { services, clock, created, log, person } = seeding;
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
    await settleDue(seeding);
  }
}

/** What the activity worker would do now: every ended activity settled. */
export async function settleDue({ services, created }: Seeding): Promise<void> {
  for (;;) {
    const { settled } = await services.activity.settlement.processDue();
    created.settled += settled;
    if (settled === 0) break;
  }
}
