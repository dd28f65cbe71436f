import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Language } from '@polaris/contract';
import { type Account, accountByApi, apiCall, logInAs, shotsFolder, test } from './support.ts';

// A first-time poster's link held until an admin approves (docs/chat.md "Held links"): the admin, in English, turns
// the rule on; Mia, new to the room and reading Traditional Chinese, posts a link and sees it waiting; the admin
// approves it from the queue, and it appears live in the room the admin has open in another tab and for Mia.

const SHOTS = shotsFolder('i35-held');

const message = (page: Page, text: string) =>
  page.getByTestId('chat-message').filter({ has: page.getByText(text, { exact: true }) });

async function seriousViolations(page: Page) {
  // A toast still fading out (the sign-in's) is not part of the screen under test.
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The admin's room with Mia, a member who has never posted, and Carol, who has. */
async function setUp(page: Page, tag: string) {
  const admin = await accountByApi(page.request, `held-admin-${tag}`);
  const mia = await accountByApi(page.request, `held-mia-${tag}`);
  const carol = await accountByApi(page.request, `held-carol-${tag}`);
  await apiCall(page.request, admin.token, '/user/personalInfo', { uname: 'Ann' });
  await apiCall(page.request, mia.token, '/user/personalInfo', { uname: 'Mia' });
  const room = await apiCall<{ id: string }>(page.request, admin.token, '/chat/room/create', {
    name: `Night market ${tag}`,
  });
  for (const member of [mia, carol]) await apiCall(page.request, member.token, '/chat/room/join', { roomId: room.id });
  await apiCall(page.request, carol.token, '/chat/message/send', { roomId: room.id, text: 'Hello everyone' });
  return { admin, mia, carol, roomId: room.id };
}

const holdLinks = (page: Page, admin: Account, roomId: string) =>
  apiCall(page.request, admin.token, '/chat/room/rules', {
    roomId,
    blockedWords: [],
    linkMinHours: 0,
    holdFirstLinks: true,
  });

test('an admin holds first links; a new member’s link waits, is approved from the queue and appears live', async ({
  page: adminPage,
  browser,
}) => {
  test.setTimeout(150_000);
  const { admin, mia, roomId } = await setUp(adminPage, Date.now().toString(36));
  const miaContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const miaPage = await miaContext.newPage();
  await logInAs(adminPage, admin.email);
  await logInAs(miaPage, mia.email, 'zh-Hant');

  // The admin turns the rule on in the room's settings.
  await adminPage.goto(`/#/pages/chatroom/setting/index?id=${roomId}`);
  const rules = adminPage.getByTestId('room-rules');
  await expect(rules.getByText("Hold a new poster's first link")).toBeVisible();
  await rules.getByTestId('room-hold-links').click();
  await expect(rules.getByTestId('room-hold-links')).toHaveAttribute('aria-checked', 'true');
  await rules.getByTestId('room-rules-save').click();
  await expect(adminPage.locator('.adm-toast-main').getByText('Rules saved')).toBeVisible();

  // The admin keeps the room open in a second tab.
  const adminRoom = await adminPage.context().newPage();
  await adminRoom.goto(`/#/pages/chatroom/chat/index?id=${roomId}`);
  await expect(message(adminRoom, 'Hello everyone')).toBeVisible();

  // Mia posts a link: it waits, marked for her, and nobody else sees it.
  const link = 'Menu at https://example.com/menu';
  await miaPage.goto(`/#/pages/chatroom/chat/index?id=${roomId}`);
  await miaPage.getByTestId('composer-input').fill(link);
  await miaPage.getByTestId('composer-send').click();
  const waiting = miaPage.getByTestId('chat-pending').filter({ hasText: link });
  await expect(waiting).toHaveAttribute('data-status', 'held');
  await expect(waiting).toContainText('等待管理員審核');
  await adminRoom.waitForTimeout(500);
  await expect(adminRoom.getByText(link)).toHaveCount(0);

  // The admin approves it from the queue, reached from the settings with its count.
  await adminPage.goto(`/#/pages/chatroom/setting/index?id=${roomId}`);
  await expect(adminPage.getByTestId('room-link-held')).toContainText('1 waiting');
  await adminPage.getByTestId('room-link-held').click();
  const item = adminPage.getByTestId('held-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('held-message')).toHaveText(link);
  await expect(item).toContainText('From Mia');
  expect(await seriousViolations(adminPage)).toEqual([]);
  await item.getByTestId('held-approve').click();
  await expect(adminPage.locator('.adm-toast-main').getByText('Approved and posted')).toBeVisible();
  await expect(adminPage.getByTestId('held-empty')).toBeVisible();

  // Live: in the admin's open room, and for Mia, where it is no longer waiting.
  await expect(message(adminRoom, link)).toBeVisible();
  await expect(message(miaPage, link)).toBeVisible();
  await expect(miaPage.getByTestId('chat-pending')).toHaveCount(0);
  await miaContext.close();
});

for (const language of ['en', 'zh-Hant'] as Language[]) {
  test(`held messages at 390 px (${language})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tag = `${language.toLowerCase()}${Date.now().toString(36)}`;
    const { admin, mia, roomId } = await setUp(page, tag);
    await holdLinks(page, admin, roomId);
    await apiCall(page.request, mia.token, '/chat/message/send', { roomId, text: 'Cheap tickets at www.example.net' });
    await apiCall(page.request, mia.token, '/chat/message/send', { roomId, text: 'Also example.org/deals' });
    const shot = async (p: Page, name: string) => {
      await expect(p.locator('.adm-toast-main')).toHaveCount(0);
      await p.screenshot({ path: `${SHOTS}/${language}-${name}.png` });
    };

    const miaContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const miaPage = await miaContext.newPage();
    await logInAs(miaPage, mia.email, language);
    await miaPage.goto(`/#/pages/chatroom/chat/index?id=${roomId}`);
    await expect(miaPage.getByTestId('chat-pending')).toHaveCount(2);
    await shot(miaPage, 'author-waiting');

    await logInAs(page, admin.email, language);
    await page.goto(`/#/pages/chatroom/setting/index?id=${roomId}`);
    await expect(page.getByTestId('room-hold-links')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('room-rules').scrollIntoViewIfNeeded();
    await shot(page, 'rules');
    await page.getByTestId('room-link-held').click();
    await expect(page.getByTestId('held-item')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'queue');
    // Rejected: Mia's copy says so, live.
    await page.getByTestId('held-item').first().getByTestId('held-reject').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: language === 'en' ? 'Reject' : '拒絕' })
      .click();
    await expect(page.getByTestId('held-item')).toHaveCount(1);
    await expect(miaPage.locator('[data-testid="chat-pending"][data-status="rejected"]')).toHaveCount(1);
    await shot(miaPage, 'author-rejected');
    await miaContext.close();
  });
}
