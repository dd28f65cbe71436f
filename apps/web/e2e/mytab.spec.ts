import { expect } from '@playwright/test';
import { latestSmsCode } from '../../server/src/test/outbox.ts';
import { accountByApi, logInAs, outboxDir, stepper, test } from './support.ts';

// Lin finds every entry of "my" on the Me tab (the old My page repeated it; its path now opens the profile), binds
// her phone in the security centre with the code the local SMS outbox received, and reads the Me tab in Traditional
// Chinese.
test('me tab: entries in English and Traditional Chinese, and binding a phone by texted code', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  const lin = await accountByApi(page.request, 'my-lin');
  await logInAs(page, lin.email);

  await page.goto('/#/pages/my/index');
  await expect(page).toHaveURL(/#\/pages\/my\/personal-center\/index/);
  await expect(page.getByTestId('profile-uid')).toHaveText(lin.uid);
  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('me-uid')).toHaveText(lin.uid);
  const entries = [
    'open-profile',
    'security',
    'notices',
    'vip',
    'invite',
    'my-asset',
    'nfts',
    'earnings',
    'calendar',
    'agreement',
    'join-community',
    'about-us',
  ];
  for (const entry of entries) await expect(page.getByTestId(`me-${entry}`)).toBeVisible();
  await expect(page.getByTestId('me-currency')).toContainText('USD');
  await shot('me-en');

  await page.getByTestId('me-security').click();
  await expect(page.getByTestId('security-phone')).toContainText('Not bound');
  await expect(page.getByTestId('security-kyc')).toContainText('Not verified');
  await page.getByTestId('security-phone').click();
  const phone = `912${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  await page.getByTestId('phone-number').fill(phone);
  await page.getByTestId('phone-send-code').click();
  await expect(page.getByTestId('phone-send-code')).toContainText(/\d+/);
  let code: string | undefined;
  await expect
    .poll(async () => (code = await latestSmsCode(outboxDir(), `+886${phone}`)), { timeout: 10_000 })
    .toBeTruthy();
  await page.getByTestId('phone-code').fill(code!);
  await shot('phone-sheet');
  await page.getByTestId('phone-submit').click();
  await expect(page.getByTestId('phone-sheet')).toBeHidden();
  await expect(page.getByTestId('security-phone')).toContainText(`+886 ${phone.slice(0, 2)}`);
  await expect(page.getByTestId('security-phone')).toContainText('Bound');
  await shot('phone-bound');

  await page.goto('/#/pages/home/index');
  await page.getByTestId('language-switch').selectOption('zh-Hant');
  await expect(page.getByTestId('nav-title')).toHaveText('我的');
  await expect(page.getByTestId('me-security')).toContainText('安全中心');
  await expect(page.getByTestId('me-join-community')).toContainText('加入社群');
  await expect(page.getByTestId('me-currency')).toContainText('計價幣別');
  await shot('me-zh-Hant');
  await page.getByTestId('me-security').click();
  await expect(page.getByTestId('security-phone')).toContainText('已綁定');
  await shot('security-zh-Hant');
});
