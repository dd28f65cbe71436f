import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { hashTradePassword } from '@polaris/contract';
import { href, PATHS } from '../src/app/paths.ts';
import { apiCall, E2E_TRADE_PASSWORD, fundedAccount, logInAs, speakOnEveryLoad, test } from './support.ts';

// The screens issue 31 (items 6–10) touched, as a new user sees them at 390 px, in zh-Hant and English, light and
// dark: the inbox and its settings, the wallet (XDR explained, a held ticket price "on hold"), the records picker,
// the create form's categories, the hosting tab, the blast composer and a red packet's open button.
// SHOTS_DIR keeps the pictures (default: the test's output folder).

test('the screens of items 6–10 in both languages and both schemes', async ({ browser, page }, info) => {
  test.setTimeout(180_000);
  const folder = process.env.SHOTS_DIR ?? info.outputPath('shots');
  mkdirSync(folder, { recursive: true });
  const host = await fundedAccount(page.request, 'copy-host');
  const guest = await fundedAccount(page.request, 'copy-guest');
  await apiCall(page.request, host.token, '/user/personalInfo', { uname: 'Hana Host' });
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const activity = await apiCall<{ id: string }>(page.request, host.token, '/activity/create', {
    title: 'Rooftop demo night',
    category: 'conference',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'No. 7, Xinyi Rd',
    capacity: 20,
    requireApproval: true,
    ticketTypes: [{ name: 'Standard', price: '5', asset: 'USDT' }],
    publish: true,
  });
  const signedUp = await apiCall<{ status: string }>(page.request, guest.token, '/activity/signup', {
    activityId: activity.id,
    tradePassword: hashTradePassword(E2E_TRADE_PASSWORD, guest.uid),
    idempotencyKey: randomUUID(),
  });
  expect(signedUp.status).toBe('pending');
  const packet = await apiCall<{ code: string }>(page.request, host.token, '/redpacket/send', {
    kind: 'share',
    asset: 'USDT',
    amount: '1',
    count: 2,
    validity: 1,
    validityUnit: 'day',
    greeting: 'For everyone',
    tradePassword: hashTradePassword(E2E_TRADE_PASSWORD, host.uid),
    idempotencyKey: randomUUID(),
  });

  const screens: { who: 'host' | 'guest'; name: string; target: string; ready: string }[] = [
    { who: 'guest', name: 'inbox', target: PATHS.notices, ready: 'notice-row' },
    { who: 'guest', name: 'notice-settings', target: PATHS.noticeSettings, ready: 'notice-settings-table' },
    { who: 'guest', name: 'wallet', target: PATHS.me, ready: 'wallet-asset-XDR' },
    { who: 'guest', name: 'xdr', target: href(PATHS.assetDetails, { asset: 'XDR' }), ready: 'details-about' },
    { who: 'guest', name: 'history', target: href(PATHS.assetRecords, { asset: 'USDT' }), ready: 'record-status' },
    { who: 'guest', name: 'records-picker', target: href(PATHS.chooseAsset, { next: 'records' }), ready: '' },
    {
      who: 'guest',
      name: 'red-packet',
      target: href(PATHS.redEnvelopePassword, { redpacketCode: packet.code }),
      ready: 'envelope-open',
    },
    { who: 'host', name: 'home', target: PATHS.activityHome, ready: '' },
    { who: 'host', name: 'create', target: PATHS.createActivity, ready: '' },
    { who: 'host', name: 'hosting', target: `${PATHS.myActivities}?when=hosting`, ready: 'hosted-item' },
    { who: 'host', name: 'blast', target: href(PATHS.manageActivity, { id: activity.id }), ready: 'blast-composer' },
  ];
  for (const language of ['zh-Hant', 'en'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const pages: Record<'host' | 'guest', Page> = {
        host: await signedIn(browser, host.email, language, scheme),
        guest: await signedIn(browser, guest.email, language, scheme),
      };
      for (const screen of screens) {
        const viewer = pages[screen.who];
        await viewer.goto(`/#${screen.target}`);
        await expect(viewer.locator('html')).toHaveAttribute('lang', language);
        if (screen.ready) await expect(viewer.getByTestId(screen.ready).first()).toBeVisible();
        await viewer.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
        if (screen.name === 'blast') await viewer.getByTestId('blast-composer').scrollIntoViewIfNeeded();
        await viewer.screenshot({ path: path.join(folder, `${screen.name}-${language}-${scheme}.png`) });
      }
      for (const viewer of Object.values(pages)) await viewer.context().close();
    }
  }
});

async function signedIn(
  browser: import('@playwright/test').Browser,
  email: string,
  language: 'zh-Hant' | 'en',
  scheme: 'light' | 'dark',
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
  const page = await context.newPage();
  await logInAs(page, email);
  // After logInAs's English: the language asked for, read when the app next loads.
  await speakOnEveryLoad(page, language);
  await page.goto('about:blank');
  return page;
}
