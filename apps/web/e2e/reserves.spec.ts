import { readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { API_BASE, type ReservesProofFile, type ReservesSnapshot, verifyReservesProof } from '@polaris/contract';
import { existingAdminToken } from '../../server/src/platform/operator-guard.ts';
import { accountByApi, deposit, logInAs, shotsFolder, test } from './support.ts';

/** Publishes a snapshot through the operator route `npm run reserves:publish` calls, with the server's token. */
async function publish(): Promise<ReservesSnapshot> {
  const response = await fetch(`${process.env.E2E_BASE_URL}${API_BASE}/admin/reserves/publish`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-admin-token': await existingAdminToken(process.env.E2E_DATA_DIR!),
    },
    body: '{}',
  });
  const body = (await response.json()) as { status: number; msg: string; attachment: ReservesSnapshot };
  expect(body.status, `publish: ${body.msg}`).toBe(200);
  return body.attachment;
}

async function axeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

// Rosa holds 42.5 USDT. A snapshot is published; she opens Proof of reserves from the wallet's services, sees her
// balance in her leaf, verifies it against the published root in the browser, and downloads the proof file, which
// verifies on its own too. In English and Traditional Chinese, at 390 px, axe clean.
test('proof of reserves: verify my own balance in the reserves screen', async ({ page }) => {
  const shots = shotsFolder('reserves');
  const rosa = await accountByApi(page.request, 'reserves-rosa');
  await deposit(rosa.email, '42.5');
  // Others hold money too: Rosa's path passes their side of the tree as hashes and sums only.
  for (const prefix of ['reserves-sam', 'reserves-tao'])
    await deposit((await accountByApi(page.request, prefix)).email, '7.25');
  const snapshot = await publish();
  expect(snapshot.leafCount).toBeGreaterThanOrEqual(3);

  await logInAs(page, rosa.email);
  await page.goto('/#/pages/home/more-services/index');
  await page.getByTestId('service-reserves').click();
  await expect(page).toHaveURL(/\/pages\/my\/reserves\/index/);
  await expect(page.getByRole('heading', { name: `Snapshot ${snapshot.id}` })).toBeVisible();
  await expect(page.getByTestId('reserves-asset-USDT')).toBeVisible();
  const usdt = snapshot.assets.find((asset) => asset.code === 'USDT')!;
  // Shown with the amount rule of the screens (thousands grouped): the whole units, whatever the grouping.
  const wholeUnits = usdt.reserves.split('.')[0]!;
  await expect
    .poll(async () => (await page.getByTestId('reserves-reserves-USDT').textContent())?.replaceAll(',', ''))
    .toContain(wholeUnits);
  // Covered or short, the screen says which, in words.
  await expect(page.getByTestId(snapshot.shortAssets.length > 0 ? 'reserves-short' : 'reserves-covered')).toBeVisible();
  await expect(page.getByTestId('reserves-my-USDT')).toHaveText('42.50');
  await expect(page.getByTestId('reserves-mine')).not.toContainText('7.25');
  await expect(page.getByTestId('reserves-mine')).toContainText(/the [1-9]\d* sibling hashes/);

  await page.getByTestId('reserves-verify').click();
  await expect(page.getByTestId('reserves-verified')).toHaveText(
    'Verified: your balance is included in the published root.',
  );
  // The sign-in toast has gone: the screenshot shows the screen as the user reads it.
  await expect(page.getByText('Logged in')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'reserves-en-390.png'), fullPage: true });
  await axeClean(page, 'reserves (en)');

  const download = page.waitForEvent('download');
  await page.getByTestId('reserves-download').click();
  const file = await (await download).path();
  const proof = JSON.parse(await readFile(file, 'utf8')) as ReservesProofFile;
  expect(proof.leaf.uid).toBe(rosa.uid);
  expect(proof.snapshot.root.hash).toBe(snapshot.rootHash);
  expect(proof.path.length).toBeGreaterThanOrEqual(2);
  expect(verifyReservesProof(proof)).toMatchObject({ ok: true });

  await page.goto('/#/pages/home/index');
  await page.getByTestId('language-switch').selectOption('zh-Hant');
  await page.goto('/#/pages/my/reserves/index');
  await expect(page.getByRole('heading', { name: '我在這次快照中的餘額' })).toBeVisible();
  await page.getByTestId('reserves-verify').click();
  await expect(page.getByTestId('reserves-verified')).toHaveText('已驗證：你的餘額包含在已發佈的根中。');
  await page.screenshot({ path: path.join(shots, 'reserves-zh-Hant-390.png'), fullPage: true });
  await axeClean(page, 'reserves (zh-Hant)');
});

test('proof of reserves: someone who held nothing sees that the snapshot has no leaf of theirs', async ({ page }) => {
  const nobody = await accountByApi(page.request, 'reserves-nobody');
  await publish();
  await logInAs(page, nobody.email);
  await page.goto('/#/pages/my/reserves/index');
  await expect(page.getByTestId('reserves-no-leaf')).toHaveText(
    'You held nothing when this snapshot was taken, so it has no leaf of yours.',
  );
  await expect(page.getByTestId('reserves-verify')).toHaveCount(0);
});

// The operator funds the invite pool from outside the app, and nothing arrives on the (simulated) chain: the app
// owes more USDT than custody holds. The snapshot says so, and so does the screen, in words, not only in red.
test('proof of reserves: a snapshot below liabilities is reported plainly on the screen', async ({ page }) => {
  const rosa = await accountByApi(page.request, 'reserves-short');
  await deposit(rosa.email, '3');
  // Custody may hold more than is owed by now (fees the journeys before this one paid are the platform's own, not
  // owed to anyone): the pool is funded with that surplus and 1 USDT more, so the app owes more than it holds.
  const before = (await publish()).assets.find((asset) => asset.code === 'USDT')!;
  const micro = (amount: string) => {
    const [whole, fraction = ''] = amount.replaceAll(',', '').split('.');
    return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  };
  const surplus = micro(before.reserves) - micro(before.liabilities);
  const fund = (surplus > 0n ? surplus : 0n) + 1_000_000n;
  const response = await fetch(`${process.env.E2E_BASE_URL}${API_BASE}/admin/invite/fund`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-admin-token': await existingAdminToken(process.env.E2E_DATA_DIR!),
    },
    body: JSON.stringify({ amount: `${fund / 1_000_000n}.${String(fund % 1_000_000n).padStart(6, '0')}` }),
  });
  expect(((await response.json()) as { status: number }).status).toBe(200);
  const snapshot = await publish();
  expect(snapshot.shortAssets).toContain('USDT');

  await logInAs(page, rosa.email);
  await page.goto('/#/pages/my/reserves/index');
  await expect(page.getByTestId('reserves-short')).toContainText('Reserves are below liabilities for USDT');
  await expect(page.getByTestId('reserves-short-USDT')).toHaveText('Reserves of USDT are below what users are owed.');
  await expect(page.getByTestId('reserves-my-USDT')).toHaveText('3.00');
  await page.getByTestId('reserves-verify').click();
  await expect(page.getByTestId('reserves-verified')).toBeVisible();
  await expect(page.getByText('Logged in')).toHaveCount(0);
  await page.screenshot({ path: path.join(shotsFolder('reserves'), 'reserves-short-en-390.png'), fullPage: true });
  await axeClean(page, 'reserves short (en)');
});
