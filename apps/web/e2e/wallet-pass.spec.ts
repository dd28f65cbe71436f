import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { readPkpass } from '../../server/src/test/pkpass.ts';
import { accountByApi, apiCall, freeActivity, logInAs, shotsFolder, speakOnEveryLoad, test } from './support.ts';

// Issue 36 item 3 (docs/activities.md "Wallet passes"): the server runs with a pass certificate of the run's own
// (playwright.config.ts), so a guest's confirmed ticket offers "Add to Apple Wallet"; no Google Wallet account is
// set, so its button is not there.
const SHOTS = shotsFolder('i36-passkit');

test('a guest with a ticket adds it to Apple Wallet: the .pkpass downloads with the session and names the ticket', async ({
  page,
}) => {
  const hana = await accountByApi(page.request, 'pass-hana');
  const activityId = await freeActivity(page.request, hana, 'Harbour Pass Night');
  const ivan = await accountByApi(page.request, 'pass-ivan');
  await apiCall(page.request, ivan.token, '/activity/signup', { activityId });

  await logInAs(page, ivan.email, 'en');
  await page.goto(`/#/pages/activity/details/index?id=${activityId}`);
  const ticket = page.getByTestId('my-registration');
  const apple = ticket.getByRole('button', { name: 'Add to Apple Wallet' });
  await expect(apple).toBeVisible();
  await expect(page.getByTestId('wallet-google')).toHaveCount(0);
  // The page's action bar is fixed at the bottom: the button is shot in the middle of the screen, not under it.
  await apple.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await expect(page.getByText('Logged in')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ticket-en.png` });
  const axe = await new AxeBuilder({ page }).include('[data-testid="my-registration"]').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
  expect(download.suggestedFilename()).toBe('ticket.pkpass');
  const { files, pass } = readPkpass(new Uint8Array(await readFile((await download.path())!)));
  expect(files).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']));
  const answer = await page.request.get('/rest/polarisex/activity/tickets', {
    params: { when: 'all' },
    headers: { token: ivan.token },
  });
  // Ivan's one ticket: its QR payload, as the ticket list hands it to the app.
  const qr = JSON.stringify(await answer.json()).match(/PLX1\.[\w-]+\.[\w-]+/)?.[0];
  expect(qr).toBeTruthy();
  expect(pass).toMatchObject({
    passTypeIdentifier: 'pass.com.polaris.test',
    description: 'Harbour Pass Night',
    barcodes: [{ message: qr }],
  });
  // The serial is the ticket's: its registration and a digest of its code, as the web service's routes name it.
  expect(pass.serialNumber).toMatch(/^ticket-\d+-[0-9a-f]{10}$/);
  expect(typeof pass.authenticationToken).toBe('string');
  expect(pass.webServiceURL).toBe(new URL(page.url()).origin);
  // The same serial answers on the PassKit web service, for the pass's own token only.
  const served = await page.request.get(`/v1/passes/pass.com.polaris.test/${pass.serialNumber}`, {
    headers: { authorization: `ApplePass ${pass.authenticationToken}` },
  });
  expect(served.status()).toBe(200);
  expect(readPkpass(new Uint8Array(await served.body())).pass.serialNumber).toBe(pass.serialNumber);

  await speakOnEveryLoad(page, 'zh-Hant');
  await page.reload();
  const appleZh = page.getByTestId('my-registration').getByRole('button', { name: '加入 Apple 錢包' });
  await expect(appleZh).toBeVisible();
  await appleZh.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/ticket-zh-Hant.png` });
});
