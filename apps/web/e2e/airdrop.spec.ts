import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import sharp from 'sharp';
import { accountByApi, logInAs, stepper, test } from './support.ts';

const logoPng = () =>
  sharp({ create: { width: 96, height: 96, channels: 3, background: '#f0b90b' } })
    .png()
    .toBuffer();
const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

// Lin finds a running airdrop under More services, reads its rules, signs up and sees it marked; then applies to
// list a token, is told the contract address is not valid for BNB Smart Chain, fixes it and sees it under review.
test('airdrop sign-up from the list, and a listing application with a bad address', async ({ page }, info) => {
  const shot = stepper(page, info);
  const project = `Meetup Labs ${Date.now().toString(36)}`;
  const token = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'admin.token'), 'utf8').trim();
  const now = Date.now();
  const created = await page.request.post(`${API_BASE}/admin/airdrop/create`, {
    headers: { 'x-admin-token': token },
    data: {
      project,
      description: 'Thank you for coming to our meetups.',
      asset: 'USDT',
      mode: 'fixed',
      perPerson: '5',
      maxParticipants: 100,
      signupStartsAt: new Date(now - 60_000).toISOString(),
      signupEndsAt: new Date(now + 7 * 86_400_000).toISOString(),
      distributeAt: new Date(now + 8 * 86_400_000).toISOString(),
    },
  });
  expect(((await created.json()) as { status: number }).status).toBe(200);
  const lin = await accountByApi(page.request, 'air-lin');
  await logInAs(page, lin.email);

  await page.goto('/#/pages/home/more-services/index');
  await page.getByTestId('service-airdrop').click();
  const item = page.getByTestId('airdrop-item').filter({ hasText: project });
  await expect(item).toContainText('5.00 USDT each, for up to 100 people');
  await expect(item.getByTestId('airdrop-phase')).toHaveText('Sign-up open');
  await shot('list');

  await item.click();
  await expect(page.getByTestId('airdrop-requirements')).toContainText('Everyone with an account');
  await expect(page.getByTestId('airdrop-participants')).toHaveText('0 people');
  await shot('detail');
  await page.getByTestId('airdrop-signup').click();
  await expect(page.getByTestId('airdrop-mine')).toHaveText('Signed up');
  await expect(page.getByTestId('airdrop-participants')).toHaveText('1 person');
  await shot('signed-up');

  await page.goto('/#/pages/home/more-services/index');
  await page.getByTestId('service-shelves-coin').click();
  await expect(page.getByTestId('listing-mine-empty')).toBeVisible();
  await page.getByTestId('listing-name').fill('Meetup Token');
  await page.getByTestId('listing-symbol').fill(`mt${Date.now().toString(36).slice(-6)}`);
  await page.getByTestId('listing-chain').getByText('BSC', { exact: true }).click();
  // One letter's case changed: the EIP-55 checksum no longer matches.
  await page.getByTestId('listing-contract').fill(USDT_ETH.replace('dAC', 'DAC'));
  await page
    .getByTestId('listing-logo-file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(page.getByTestId('listing-logo-choose')).toHaveText('Change');
  await page.getByTestId('listing-website').fill('https://meetup.example.org');
  await page.getByTestId('listing-whitepaper').fill('https://meetup.example.org/paper.pdf');
  await page.getByTestId('listing-contact').fill('@meetuplabs');
  await page.getByTestId('listing-description').fill('A token for meetup hosts.');
  await page.getByTestId('listing-submit').click();
  await expect(page.getByTestId('listing-contract-error')).toHaveText(
    'This is not a valid contract address on BNB Smart Chain',
  );
  await expect(page.getByTestId('listing-mine-empty')).toBeVisible();
  await shot('bad-address');

  await page.getByTestId('listing-contract').fill(`0x${'ab'.repeat(20)}`);
  await page.getByTestId('listing-submit').click();
  await expect(page.getByTestId('listing-item')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('listing-item')).toContainText('Under review');
  await shot('under-review');

  await page.goto('/#/pages/home/index');
  await page.getByTestId('language-switch').selectOption('zh-Hant');
  await page.goto('/#/pages/home/airdrop/index');
  await expect(page.getByTestId('airdrop-item').filter({ hasText: project })).toContainText('已報名');
  await shot('list-zh-hant');
  await page.goto('/#/pages/home/shelves-coin/index');
  await expect(page.getByTestId('listing-item')).toContainText('審核中');
  await shot('listing-zh-hant');
});
