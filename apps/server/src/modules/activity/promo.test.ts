import type { Activity, ActivityEarning, PromoCheck, Registration } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { balanceOf, type WalletUser } from '../../test/wallet-fixtures.ts';
import { activityApp, closeCheckingLedger, createActivity, DAY, guest, HOUR, signUp } from './activity-fixtures.ts';
import { createPromo, promoUses } from './promo-fixtures.ts';

let t: TestApp;
let olivia: WalletUser;

beforeAll(async () => {
  ({ t, olivia } = await activityApp());
}, 60_000);
afterAll(() => closeCheckingLedger(t));

/** Standard (10 USDT), VIP (30 USDT) and a hidden free Speaker type. */
const tiers = {
  ticketTypes: [
    { name: 'Standard', price: '10', asset: 'USDT' },
    { name: 'VIP', price: '30', asset: 'USDT' },
    { name: 'Speaker', hidden: true },
  ],
};
const typeId = (activity: Activity, name: string) => activity.ticketTypes.find((type) => type.name === name)!.id;

const check = (user: WalletUser, activityId: string, code: string, locale?: string) =>
  t.call<PromoCheck>('POST', '/activity/promo/check', { token: user.token, body: { activityId, code }, locale });
const detail = (user: WalletUser, id: string) =>
  t.call<Activity>('GET', '/activity/detail', { token: user.token, query: { id } });

describe('promo codes', () => {
  it('lets the organizer create, list and disable codes, unique per activity in any letter case', async () => {
    const activity = await createActivity(t, olivia, tiers);
    const made = await createPromo(t, olivia, activity.id, { code: 'Early20', kind: 'percent', percentOff: 20 });
    expect(made).toMatchObject({ code: 'Early20', kind: 'percent', percentOff: 20, uses: 0, maxUses: 10 });
    const twin = await t.call('POST', '/activity/manage/promo/create', {
      token: olivia.token,
      body: { activityId: activity.id, code: 'EARLY20', kind: 'free', maxUses: 1 },
    });
    expect(twin).toMatchObject({ status: 409, attachment: [{ field: 'code' }] });
    const noPercent = await t.call('POST', '/activity/manage/promo/create', {
      token: olivia.token,
      body: { activityId: activity.id, code: 'HALF', kind: 'percent', maxUses: 1 },
    });
    expect(noPercent).toMatchObject({ status: 400, attachment: [{ field: 'percentOff' }] });
    const badWindow = await t.call('POST', '/activity/manage/promo/create', {
      token: olivia.token,
      body: {
        activityId: activity.id,
        code: 'LATE',
        kind: 'free',
        maxUses: 1,
        validFrom: new Date(t.clock.now().getTime() + DAY).toISOString(),
        validUntil: t.clock.now().toISOString(),
      },
    });
    expect(badWindow).toMatchObject({ status: 400, attachment: [{ field: 'validUntil' }] });
    const amount = await createPromo(t, olivia, activity.id, {
      code: 'MINUS3',
      kind: 'amount',
      amountOff: '3',
      asset: 'USDT',
    });
    expect(amount).toMatchObject({ amountOff: '3', asset: 'USDT' });

    const stranger = await guest(t, 'stranger@example.com', '0');
    const theirs = await t.call('GET', '/activity/manage/promo/list', {
      token: stranger.token,
      query: { activityId: activity.id },
    });
    expect(theirs.status).toBe(403);
    const disabled = await t.call('POST', '/activity/manage/promo/disable', {
      token: olivia.token,
      body: { activityId: activity.id, promoId: made.id },
    });
    expect(disabled.attachment).toMatchObject({ disabled: true });
    // A disabled code reads as a wrong one.
    expect((await check(stranger, activity.id, 'early20')).attachment).toEqual([
      { field: 'code', message: 'This code is not valid for this activity' },
    ]);
  });

  it('says why a code does not work, on the code field, in the guest’s language', async () => {
    const activity = await createActivity(t, olivia, tiers);
    const now = t.clock.now().getTime();
    await createPromo(t, olivia, activity.id, {
      code: 'SOON',
      kind: 'free',
      validFrom: new Date(now + DAY).toISOString(),
    });
    await createPromo(t, olivia, activity.id, {
      code: 'GONE',
      kind: 'free',
      validUntil: new Date(now + HOUR).toISOString(),
    });
    await createPromo(t, olivia, activity.id, {
      code: 'VIPONLY',
      kind: 'percent',
      percentOff: 50,
      ticketTypeIds: [typeId(activity, 'VIP')],
    });
    const gia = await guest(t, 'gia@example.com');
    expect((await check(gia, activity.id, 'NOPE', 'zh-Hant')).attachment).toEqual([
      { field: 'code', message: '此優惠碼不適用於本活動' },
    ]);
    expect((await check(gia, activity.id, 'soon', 'zh-Hans')).attachment).toEqual([
      { field: 'code', message: '此优惠码尚未生效' },
    ]);
    expect((await check(gia, activity.id, 'gone')).status).toBe(200);
    // The window: a code stops at its end, and starts at its start.
    t.clock.advance(HOUR);
    expect((await check(gia, activity.id, 'gone')).attachment).toEqual([
      { field: 'code', message: 'This code has expired' },
    ]);
    const early = await signUp(t, gia, activity.id, { promoCode: 'SOON' });
    expect(early).toMatchObject({
      status: 400,
      attachment: [{ field: 'promoCode', message: 'This code is not valid yet' }],
    });
    t.clock.advance(DAY);
    expect((await check(gia, activity.id, 'soon')).status).toBe(200);

    // The ticket-type limit: a VIP code on a Standard ticket.
    const vipCheck = await check(gia, activity.id, 'viponly');
    expect(vipCheck.attachment).toMatchObject({
      code: 'VIPONLY',
      unlocked: [],
      prices: [{ ticketTypeId: typeId(activity, 'VIP'), price: '30', discount: '15', pay: '15' }],
    });
    const wrongType = await signUp(t, gia, activity.id, {
      ticketTypeId: typeId(activity, 'Standard'),
      promoCode: 'viponly',
    });
    expect(wrongType).toMatchObject({
      status: 400,
      attachment: [{ field: 'promoCode', message: 'This code is not for this ticket type' }],
    });
    const vip = await signUp(t, gia, activity.id, { ticketTypeId: typeId(activity, 'VIP'), promoCode: 'viponly' });
    expect(vip.attachment).toMatchObject({
      status: 'approved',
      price: '30',
      discount: '15',
      paid: '15',
      promoCode: 'VIPONLY',
    });
    expect(await balanceOf(t, gia.token, 'USDT')).toMatchObject({ available: '85' });
  });

  it('shows a hidden ticket type only with a code that names it', async () => {
    const activity = await createActivity(t, olivia, tiers);
    const speaker = typeId(activity, 'Speaker');
    await createPromo(t, olivia, activity.id, { code: 'SPEAKER', kind: 'free', ticketTypeIds: [speaker], maxUses: 3 });
    await createPromo(t, olivia, activity.id, { code: 'ALL10', kind: 'percent', percentOff: 10 });
    const sol = await guest(t, 'sol@example.com', '0');
    expect((await detail(sol, activity.id)).attachment.ticketTypes.map((type) => type.name)).toEqual([
      'Standard',
      'VIP',
    ]);
    expect((await detail(olivia, activity.id)).attachment.ticketTypes.map((type) => type.hidden)).toEqual([
      false,
      false,
      true,
    ]);
    const summaries = await t.call<{ items: { id: string; free: boolean }[] }>('GET', '/activity/list', {});
    expect(summaries.attachment.items.find((item) => item.id === activity.id)?.free).toBe(false);

    // Without a code, or with one for every type, the hidden type is as unknown as a missing one.
    expect((await signUp(t, sol, activity.id, { ticketTypeId: speaker })).attachment).toMatchObject([
      { field: 'ticketTypeId', message: 'This ticket type does not exist' },
    ]);
    expect((await check(sol, activity.id, 'all10')).attachment.unlocked).toEqual([]);
    expect((await signUp(t, sol, activity.id, { ticketTypeId: speaker, promoCode: 'ALL10' })).attachment).toMatchObject(
      [{ field: 'promoCode', message: 'This code is not for this ticket type' }],
    );

    const unlocked = await check(sol, activity.id, 'speaker');
    expect(unlocked.attachment).toMatchObject({
      code: 'SPEAKER',
      unlocked: [{ id: speaker, name: 'Speaker', free: true, hidden: true }],
      prices: [{ ticketTypeId: speaker, price: '0', discount: '0', pay: '0' }],
    });
    // Free: no transaction password needed.
    const seat = await t.call<Registration>('POST', '/activity/signup', {
      token: sol.token,
      body: { activityId: activity.id, ticketTypeId: speaker, promoCode: 'speaker' },
    });
    expect(seat.attachment).toMatchObject({
      status: 'approved',
      ticketType: { name: 'Speaker' },
      promoCode: 'SPEAKER',
    });
    // Its holder sees their own type on the page.
    expect((await detail(sol, activity.id)).attachment.ticketTypes.map((type) => type.name)).toContain('Speaker');
    expect(await promoUses(t, olivia, activity.id)).toMatchObject({ SPEAKER: 1 });
  });

  it('charges the discounted price, shows it to the organizer, and refunds exactly what was paid', async () => {
    const activity = await createActivity(t, olivia, { ...tiers, capacity: 20 });
    await createPromo(t, olivia, activity.id, { code: 'TWENTY', kind: 'percent', percentOff: 20 });
    await createPromo(t, olivia, activity.id, { code: 'MINUS3', kind: 'amount', amountOff: '3', asset: 'USDT' });
    const ann = await guest(t, 'ann@example.com');
    const bo = await guest(t, 'bo@example.com');
    const cy = await guest(t, 'cy@example.com');
    expect((await signUp(t, ann, activity.id, { promoCode: 'twenty' })).attachment).toMatchObject({
      price: '10',
      discount: '2',
      paid: '8',
      paymentState: 'escrow',
    });
    await signUp(t, bo, activity.id, { promoCode: 'minus3' });
    await signUp(t, cy, activity.id);
    const list = await t.call<{
      items: { user: { email: string }; price: string; promoCode: string | null; discount: string; paid: string }[];
    }>('GET', '/activity/manage/attendees', { token: olivia.token, query: { activityId: activity.id } });
    expect(
      list.attachment.items.map((item) => [item.user.email, item.price, item.promoCode, item.discount, item.paid]),
    ).toEqual([
      ['ann@example.com', '10', 'TWENTY', '2', '8'],
      ['bo@example.com', '10', 'MINUS3', '3', '7'],
      ['cy@example.com', '10', null, '0', '10'],
    ]);
    const csv = await t.app.inject({
      url: `/rest/polarisex/activity/manage/attendees.csv?activityId=${activity.id}`,
      headers: { token: olivia.token, locale: 'en_US' },
    });
    const lines = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toContain('ticket_type,asset,price,promo_code,discount,paid,');
    expect(lines[1]).toContain(',Standard,USDT,10,TWENTY,2,8,escrow,');
    const overview = await t.call<{ discounts: unknown[] }>('GET', '/activity/manage/overview', {
      token: olivia.token,
      query: { activityId: activity.id },
    });
    expect(overview.attachment.discounts).toEqual([
      { code: 'MINUS3', asset: 'USDT', tickets: 1, discount: '3', paid: '7' },
      { code: 'TWENTY', asset: 'USDT', tickets: 1, discount: '2', paid: '8' },
    ]);

    // Ann cancels (a week ahead: a full refund of what she paid, not the list price); her use comes back.
    const cancelled = await t.call<Registration>('POST', '/activity/signup/cancel', {
      token: ann.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.attachment).toMatchObject({ status: 'cancelled', paid: '8', refunded: '8' });
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    expect(await promoUses(t, olivia, activity.id)).toEqual({ TWENTY: 0, MINUS3: 1 });

    // The organizer cancels the activity: Bo gets back the 7 he paid.
    const ended = await t.call<{ refunded: { asset: string; amount: string }[] }>('POST', '/activity/manage/cancel', {
      token: olivia.token,
      body: { activityId: activity.id },
    });
    expect(ended.attachment.refunded).toEqual([{ asset: 'USDT', amount: '17' }]);
    expect(await balanceOf(t, bo.token, 'USDT')).toMatchObject({ available: '100' });
  });

  it('holds the discounted price on the waitlist and claims the use with the seat', async () => {
    const activity = await createActivity(t, olivia, {
      capacity: 10,
      ticketTypes: [
        { name: 'Standard', price: '10', asset: 'USDT', capacity: 1 },
        { name: 'Other', price: '10', asset: 'USDT' },
      ],
    });
    await createPromo(t, olivia, activity.id, { code: 'ONE', kind: 'percent', percentOff: 20, maxUses: 1 });
    const [dee, eli, fay] = [
      await guest(t, 'dee@example.com'),
      await guest(t, 'eli@example.com'),
      await guest(t, 'fay@example.com'),
    ];
    await signUp(t, dee, activity.id);
    const waiting = await signUp(t, eli, activity.id, { promoCode: 'one' });
    expect(waiting.attachment).toMatchObject({
      status: 'waitlisted',
      paid: '8',
      paymentState: 'frozen',
      promoCode: 'ONE',
    });
    expect(await balanceOf(t, eli.token, 'USDT')).toMatchObject({ available: '92', frozen: '8' });
    expect(await promoUses(t, olivia, activity.id)).toEqual({ ONE: 0 });

    // Dee leaves: Eli's seat claims the code's use, at the held 8.
    await t.call('POST', '/activity/signup/cancel', { token: dee.token, body: { activityId: activity.id } });
    expect((await detail(eli, activity.id)).attachment.myRegistration).toMatchObject({
      status: 'approved',
      paid: '8',
      paymentState: 'escrow',
    });
    expect(await promoUses(t, olivia, activity.id)).toEqual({ ONE: 1 });

    // A second code with one use: Gus waits with it for a Standard seat, Fay takes its use on the other type, so
    // when Eli leaves (her use of ONE comes back) Gus's place cannot have the seat at its held price: it ends and
    // his hold goes back.
    await createPromo(t, olivia, activity.id, { code: 'TWO', kind: 'percent', percentOff: 20, maxUses: 1 });
    const gus = await guest(t, 'gus@example.com');
    expect((await signUp(t, gus, activity.id, { promoCode: 'two' })).attachment).toMatchObject({
      status: 'waitlisted',
      paid: '8',
    });
    const other = typeId(activity, 'Other');
    expect((await signUp(t, fay, activity.id, { ticketTypeId: other, promoCode: 'TWO' })).attachment).toMatchObject({
      status: 'approved',
      paid: '8',
    });
    await t.call('POST', '/activity/signup/cancel', { token: eli.token, body: { activityId: activity.id } });
    expect((await detail(gus, activity.id)).attachment.myRegistration).toMatchObject({
      status: 'cancelled',
      note: 'promoUsedUp',
      paymentState: 'refunded',
    });
    expect(await balanceOf(t, gus.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    expect(await promoUses(t, olivia, activity.id)).toEqual({ ONE: 0, TWO: 1 });
    // A used-up code is refused for a waitlist place too.
    const hui = await guest(t, 'hui@example.com');
    expect((await signUp(t, hui, activity.id, { promoCode: 'TWO' })).attachment).toMatchObject([
      { field: 'promoCode', message: 'This code has been used up' },
    ]);
  });

  // Last in the file: it moves the clock past the activity's end.
  it('shows what each code took off in the organizer’s creator earnings once the activity is settled', async () => {
    const activity = await createActivity(t, olivia, { ...tiers, title: 'Settled with codes' });
    await createPromo(t, olivia, activity.id, { code: 'HALF', kind: 'percent', percentOff: 50 });
    const [kai, lu, mo] = [
      await guest(t, 'kai@example.com'),
      await guest(t, 'lu@example.com'),
      await guest(t, 'mo@example.com'),
    ];
    await signUp(t, kai, activity.id, { promoCode: 'half' });
    await signUp(t, lu, activity.id, { ticketTypeId: typeId(activity, 'VIP'), promoCode: 'HALF' });
    await signUp(t, mo, activity.id);
    const plain = await createActivity(t, olivia, { ...tiers, title: 'Settled without codes' });
    await signUp(t, mo, plain.id);
    t.clock.advance(8 * DAY);
    await t.services.activity.settlement.processDue();
    const earnings = await t.call<{ items: ActivityEarning[] }>('GET', '/open/ticket/activity-earnings', {
      token: olivia.token,
      query: { limit: '50' },
    });
    const row = earnings.attachment.items.find((item) => item.activity.title === 'Settled with codes');
    // 5 + 15 + 10 kept; the code took 5 and 15 off two tickets.
    expect(row).toMatchObject({ role: 'organizer', asset: 'USDT', amount: '30' });
    expect(row?.discounts).toEqual([{ code: 'HALF', tickets: 2, discount: '20' }]);
    const without = earnings.attachment.items.find((item) => item.activity.title === 'Settled without codes');
    expect(without).toMatchObject({ amount: '10', discounts: [] });
  });
});
