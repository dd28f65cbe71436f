import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { hashTradePassword, type Language } from '@polaris/contract';
import {
  type Account,
  accountByApi,
  apiCall,
  E2E_PASSWORD,
  E2E_TRADE_PASSWORD,
  fundedAccount,
  speakOnEveryLoad,
  test,
} from './support.ts';

// Money shown right (docs/new-user-polish.md "money"), in Traditional Chinese and English: a tap on "Next" while
// the recipient is being checked goes on by itself once the check ends; the records name every movement, the
// other person and what it was for, and open a detail; the membership upgrade and red packets show their amounts
// to the asset's display precision.

const SHOTS = path.resolve(import.meta.dirname, '../../../../shots/money');

const WORDS = {
  'zh-Hant': {
    checking: '正在確認收款方…',
    transferOut: '轉出',
    ticket: '購買票券',
    redpacketSent: '發出紅包',
    vipBuy: '購買會員',
    upgrade: '升級',
  },
  en: {
    checking: 'Checking the recipient…',
    transferOut: 'Transfer out',
    ticket: 'Ticket purchase',
    redpacketSent: 'Red packet sent',
    vipBuy: 'Membership',
    upgrade: 'Upgrade',
  },
} as const;

async function signIn(page: Page, email: string, language: Language) {
  await speakOnEveryLoad(page, language);
  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/login/);
}

/** What the sender has done before opening the app: a paid ticket, a red packet (one share claimed), Plus. */
async function history(page: Page, sender: Account, friend: Account) {
  const trade = hashTradePassword(E2E_TRADE_PASSWORD, sender.uid);
  const start = Date.now() + 5 * 86_400_000;
  const activity = await apiCall<{ id: string }>(page.request, friend.token, '/activity/create', {
    title: 'Harbour Money Night',
    description: 'Talks and drinks',
    category: 'meetup',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 2 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'No. 7, Xinyi Rd',
    capacity: 10,
    publish: true,
    ticketTypes: [{ name: 'Standard', price: '12', asset: 'USDT' }],
  });
  await apiCall(page.request, sender.token, '/activity/signup', {
    activityId: activity.id,
    tradePassword: trade,
    idempotencyKey: randomUUID(),
  });
  const packet = await apiCall<{ code: string }>(page.request, sender.token, '/redpacket/send', {
    kind: 'share',
    asset: 'USDT',
    amount: '10',
    count: 3,
    validity: 1,
    validityUnit: 'day',
    greeting: 'Lucky you',
    tradePassword: trade,
    idempotencyKey: randomUUID(),
  });
  await apiCall(page.request, friend.token, '/redpacket/claim', { redpacketCode: packet.code });
  await apiCall(page.request, sender.token, '/uservip/buyVip', {
    tier: 'plus',
    period: 'month',
    tradePassword: trade,
    idempotencyKey: randomUUID(),
  });
  return { activity, packet };
}

for (const language of ['zh-Hant', 'en'] as const) {
  test(`money shown right (${language}): a tap during the recipient check, records with names, amounts`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const words = WORDS[language];
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${language}-${name}.png`) });
    const sender = await fundedAccount(page.request, `money-${language.toLowerCase()}`);
    const friend = await accountByApi(page.request, `money-friend-${language.toLowerCase()}`);
    await apiCall(page.request, friend.token, '/user/personalInfo', { uname: 'Olivia Wu' });
    const { activity, packet } = await history(page, sender, friend);
    await signIn(page, sender.email, language);

    // The recipient check answers slowly; "Next" is tapped while it runs, once, as a person would (not waiting
    // for the button to settle): the press waits for the check and then opens the confirmation.
    let release!: () => void;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/wallet/transfer/preview*', async (route) => {
      await slow;
      await route.continue();
    });
    await page.goto('/#/pages/home/transfer/index?asset=USDT');
    await page.getByTestId('transfer-amount').fill('5');
    const lookup = page.waitForRequest('**/wallet/transfer/preview*');
    await page.getByTestId('transfer-to').fill(friend.uid);
    const next = page.getByTestId('transfer-next');
    await next.click({ force: true });
    await lookup;
    await expect(next).toHaveAttribute('data-waiting', 'true');
    await expect(next).toContainText(words.checking);
    await shot('transfer-waiting');
    release();
    await expect(page.getByTestId('confirm-to')).toContainText(friend.uid);
    await expect(page.getByTestId('confirm-amount')).toHaveText('5.00 USDT');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('trade-prompt-password').fill(E2E_TRADE_PASSWORD);
    await page.getByTestId('trade-prompt-submit').click();
    await expect(page.getByTestId('transfer-result')).toHaveAttribute('data-status', 'completed');

    // The records: a label for each movement, the other person by name and uid, what it was for.
    await page.getByTestId('transfer-view-records').click();
    const rows = page.getByTestId('record-item');
    const sent = rows.first();
    await expect(sent).toHaveAttribute('data-kind', 'transfer');
    await expect(sent.getByTestId('record-label')).toHaveText(words.transferOut);
    await expect(sent.getByTestId('record-counterparty')).toContainText(`Olivia Wu · UID ${friend.uid}`);
    await expect(sent.getByTestId('record-amount')).toHaveText('-5.00 USDT');
    const ticket = page.locator('[data-testid="record-item"][data-kind="ticket_payment"]');
    await expect(ticket.getByTestId('record-label')).toHaveText(words.ticket);
    await expect(ticket.getByTestId('record-subject')).toContainText('Harbour Money Night');
    await expect(page.locator('[data-testid="record-item"][data-kind="vip_buy"]')).toContainText(words.vipBuy);
    await expect(page.locator('[data-testid="record-item"][data-kind="redpacket_send"]')).toContainText(
      words.redpacketSent,
    );
    await expect(page.getByText(/分錄|ledger entry/i)).toHaveCount(0);
    await shot('records');

    // A row opens its detail: amount, kind, the other person, and the reference number in plain words.
    await sent.getByTestId('record-open').click();
    const detail = page.getByTestId('record-detail');
    await expect(detail.getByTestId('record-detail-amount')).toHaveText('-5.00 USDT');
    await expect(detail.getByTestId('record-detail-kind')).toHaveText(words.transferOut);
    await expect(detail.getByTestId('record-detail-counterparty')).toHaveText(`Olivia Wu · UID ${friend.uid}`);
    await expect(detail.getByTestId('record-detail-reference')).toContainText(/\d+/);
    await shot('record-detail');
    await page.getByTestId('record-detail-close').click();
    await expect(detail).toBeHidden();

    // The ticket's detail links to its activity.
    await ticket.getByTestId('record-open').click();
    await expect(detail.getByTestId('record-detail-amount')).toHaveText('-12.00 USDT');
    await expect(detail.getByTestId('record-detail-subject')).toContainText('Harbour Money Night');
    await shot('record-detail-ticket');
    await detail.getByTestId('record-detail-subject').click();
    await expect(page).toHaveURL(new RegExp(`activity/details/index\\?id=${activity.id}`));

    // Membership: the prorated upgrade is quoted to the cent.
    await page.goto('/#/pages/my/vip/index');
    const upgrade = page.getByTestId('vip-action-pro');
    await expect(upgrade).toHaveAttribute('data-offer', 'upgrade');
    await expect(upgrade).toContainText(/\d+\.\d{2} USDT/);
    await expect(upgrade).not.toContainText(/\d+\.\d{3,} USDT/);
    await expect(upgrade).toContainText(words.upgrade);
    await shot('vip-upgrade');

    // Red packets: every share and what is left are figures in cents.
    await page.goto(`/#/pages/red-envelope/receive/index?redpacketCode=${packet.code}`);
    await expect(page.getByTestId('claim-amount')).toHaveText(/^\d+\.\d{2} USDT$/);
    await expect(page.getByTestId('receive-claimed')).toContainText(/\d+\.\d{2}\/10\.00/);
    await shot('redpacket-detail');
    await page.goto('/#/pages/red-envelope/index');
    await expect(page.getByTestId('redpacket-sent-summary')).toBeVisible();
    await expect(page.getByText(/\d+\.\d{3,} USDT/)).toHaveCount(0);
    await shot('redpacket-home');
  });
}
