import { expect, type Page } from '@playwright/test';
import { accountByApi, apiCall, expectVideoPlaying, logInAs, stepper, test } from './support.ts';

// A room's owner goes live for the room's members from its live setting page; two members watch on the live
// page with the room's chat under the video, and a third member who is not watching writes in the room page:
// both viewers see the message arrive in the live chat. The broadcaster's name leads to their card.

const expectPlaying = expectVideoPlaying;

test('members watch a room stage with the room chat beside it, and see a message sent from a third page', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(150_000);
  const shot = stepper(page, info);
  const owner = await accountByApi(page.request, 'live-room-host');
  const first = await accountByApi(page.request, 'live-room-viewer1');
  const second = await accountByApi(page.request, 'live-room-viewer2');
  const writer = await accountByApi(page.request, 'live-room-writer');
  await apiCall(page.request, owner.token, '/user/personalInfo', { uname: 'Hostess' });
  const room = await apiCall<{ id: string }>(page.request, owner.token, '/chat/room/create', {
    name: 'Stage room',
    joinPolicy: 'public',
  });
  for (const member of [first, second, writer]) {
    await apiCall(page.request, member.token, '/chat/room/join', { roomId: room.id });
  }

  await logInAs(page, owner.email);
  await page.goto(`/#/pages/chatroom/liveSetting/index?roomId=${room.id}`);
  await expect(page.getByTestId('live-room')).toContainText('Stage room');
  await page.getByTestId('live-title').fill('Room AMA');
  await page.getByTestId('live-create').click();
  await expect(page).toHaveURL(/liveSetting\/index\?id=\d+/);
  const id = new URL(page.url().replace('/#/', '/')).searchParams.get('id');
  await expect(page.getByTestId('live-go')).toBeEnabled();
  await page.getByTestId('live-go').click();
  await expect(page.getByTestId('live-on-air')).toBeVisible({ timeout: 20_000 });

  const viewers: Page[] = [];
  for (const member of [first, second]) {
    const viewer = await (await browser.newContext()).newPage();
    await logInAs(viewer, member.email);
    await viewer.goto(`/#/pages/live/index?id=${id}`);
    await expectPlaying(viewer);
    await expect(viewer.getByTestId('live-chat')).toBeVisible();
    viewers.push(viewer);
  }
  await expect(viewers[1]!.getByTestId('live-viewers')).toHaveText('2 watching', { timeout: 10_000 });

  const third = await (await browser.newContext()).newPage();
  await logInAs(third, writer.email);
  await third.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  await expect(third.getByTestId('room-live')).toBeVisible({ timeout: 20_000 });
  await third.getByTestId('composer-input').fill('Great stream, hello from the room!');
  await third.getByTestId('composer-send').click();
  for (const viewer of viewers) {
    await expect(viewer.getByTestId('live-chat').getByText('Great stream, hello from the room!')).toBeVisible({
      timeout: 10_000,
    });
    await expectPlaying(viewer);
  }
  await viewers[0]!.screenshot({ path: info.outputPath('viewer-with-chat.png') });

  // A viewer writes from the live page; the writer's room page shows it.
  await viewers[0]!.getByTestId('live-chat').getByTestId('composer-input').fill('Watching live!');
  await viewers[0]!.getByTestId('live-chat').getByTestId('composer-send').click();
  await expect(third.getByText('Watching live!')).toBeVisible({ timeout: 10_000 });

  await viewers[1]!.getByTestId('live-broadcaster').click();
  await expect(viewers[1]!).toHaveURL(/broadcasterInfo\/index\?uid=/);
  await expect(viewers[1]!.getByTestId('broadcaster-card')).toContainText('Hostess');
  await viewers[1]!.getByTestId('broadcaster-follow').click();
  await expect(viewers[1]!.getByTestId('broadcaster-followers')).toContainText('1');
  await shot('broadcaster-on-air');

  await page.getByTestId('live-end').click();
  await page.getByRole('dialog').getByRole('button', { name: 'End live' }).click();
  await expect(viewers[0]!.getByTestId('live-video-state')).toHaveText('This live has ended', { timeout: 10_000 });
});
