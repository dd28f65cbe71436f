import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import { accountByApi, logInAs, stepper, test } from './support.ts';

// A room's owner manages it through the screens: a member who joined by API is muted and made an admin on the
// members page, an announcement posted on the announcement page is pinned there, the name and slow mode changed
// on the room info page survive a reload; the member then leaves from the same page. Screens in English.

interface Person {
  email: string;
  uid: string;
  token: string;
}

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', route: string, token: string, data = {}) {
  const response =
    method === 'GET'
      ? await request.get(`${API_BASE}${route}`, { headers: { token }, params: data })
      : await request.post(`${API_BASE}${route}`, { headers: { token }, data });
  const body = (await response.json()) as { status: number; msg: string; attachment: T };
  expect(body.status, `${route}: ${body.msg}`).toBe(200);
  return body.attachment;
}

async function signUp(request: APIRequestContext, prefix: string, name: string): Promise<Person> {
  const person = await accountByApi(request, prefix);
  await call(request, 'POST', '/user/personalInfo', person.token, { uname: name });
  return person;
}

const logIn = logInAs;

/** A small PNG drawn by the browser, to upload as a room's photo. */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 160;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2f855a';
    context.fillRect(0, 0, 160, 160);
    context.fillStyle = '#f6e05e';
    context.beginPath();
    context.moveTo(20, 140);
    context.lineTo(80, 30);
    context.lineTo(140, 140);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

type Member = { uid: string; role: string; mutedUntil: string | null };

test('an owner mutes and promotes a member, pins an announcement, renames the room; the member leaves', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const shot = stepper(page, info);
  const owner = await signUp(page.request, 'owner', 'Olivia Owner');
  const guest = await signUp(page.request, 'guest', 'Gary Guest');
  const room = await call<{ id: string }>(page.request, 'POST', '/chat/room/create', owner.token, {
    name: 'Trail Hikers',
    description: 'Weekend hikes around the city',
    joinPolicy: 'public',
  });
  await call(page.request, 'POST', '/chat/room/join', guest.token, { roomId: room.id });
  const members = () =>
    call<{ items: Member[] }>(page.request, 'GET', '/chat/members', owner.token, { roomId: room.id }).then(
      (answer) => answer.items,
    );

  await logIn(page, owner.email);

  // Members: the owner alone under "Owner", the guest under "Members"; nobody offers actions on the owner.
  await page.goto(`/#/pages/chatroom/member/index?id=${room.id}`);
  await expect(page.getByTestId('members-owner').getByTestId('member-name')).toHaveText('Olivia Owner');
  const guestRow = () => page.locator(`[data-testid="member-row"][data-uid="${guest.uid}"]`);
  await expect(page.getByTestId('members-members').locator(`[data-uid="${guest.uid}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="member-row"][data-uid="${owner.uid}"]`)).not.toHaveAttribute(
    'aria-haspopup',
    'dialog',
  );

  // Mute for an hour: the badge shows at once and the server has it.
  await guestRow().click();
  await expect(page.getByTestId('member-action-makeAdmin')).toBeVisible();
  await page.getByTestId('member-action-mute').click();
  await page.getByTestId('member-mute-60').click();
  await expect(guestRow().getByTestId('member-muted')).toContainText('Muted until');
  await expect.poll(async () => (await members()).find((m) => m.uid === guest.uid)?.mutedUntil).not.toBeNull();
  await shot('muted');

  // Make admin: the guest moves to the admins, and the sheet now offers unmute and remove admin (the first sheet
  // has left the page: an action sheet stays mounted until its closing animation ends).
  await expect(page.getByTestId('member-action-makeAdmin')).toHaveCount(0);
  await guestRow().click();
  await expect(page.getByTestId('member-action-unmute')).toBeVisible();
  await page.getByTestId('member-action-makeAdmin').click();
  await expect(page.getByTestId('members-admins').locator(`[data-uid="${guest.uid}"]`)).toBeVisible();
  await expect.poll(async () => (await members()).find((m) => m.uid === guest.uid)?.role).toBe('admin');

  // Search by uid narrows the list to that member.
  await page.getByTestId('members-search').fill(guest.uid);
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(page.getByTestId('member-name')).toHaveText('Gary Guest');

  // Announcements: the first is pinned; a second replaces it and the first goes to the history.
  await page.goto(`/#/pages/chatroom/announcement/index?id=${room.id}`);
  await expect(page.getByTestId('announce-none')).toBeVisible();
  await page.getByTestId('announce-text').fill('Meet at the trailhead at 8:00');
  await page.getByTestId('announce-post').click();
  await expect(page.getByTestId('announce-pinned-text')).toHaveText('Meet at the trailhead at 8:00');
  await page.getByTestId('announce-text').fill('Bring water, it will be hot');
  await page.getByTestId('announce-post').click();
  await expect(page.getByTestId('announce-pinned-text')).toHaveText('Bring water, it will be hot');
  await expect(page.getByTestId('announce-item')).toHaveText([/Meet at the trailhead at 8:00/]);
  await expect(page.getByTestId('announce-item')).toContainText('Olivia Owner');
  await shot('announcements');

  // Room info: rename and slow mode, kept after a reload; the owner is told why they cannot leave.
  await page.goto(`/#/pages/chatroom/setting/index?id=${room.id}`);
  await expect(page.getByTestId('room-card-name')).toHaveText('Trail Hikers');
  await expect(page.getByTestId('room-card-count')).toHaveText('2 members');
  await expect(page.getByTestId('room-share-link')).toContainText('/s/c');
  await expect(page.getByTestId('room-share-qr')).toBeVisible();
  await page.getByTestId('room-name').fill('Trail Hikers Club');
  await page.getByTestId('room-save').click();
  await expect(page.getByTestId('room-card-name')).toHaveText('Trail Hikers Club');
  await page.getByTestId('room-slow-30').click();
  await expect(page.getByTestId('room-card-slow')).toHaveText('Slow mode: 30 s');
  await expect(page.getByTestId('room-leave')).toHaveCount(0);
  await expect(page.getByTestId('room-leave-why')).toHaveText('You own this room, so you cannot leave it.');
  await page.reload();
  await expect(page.getByTestId('room-card-name')).toHaveText('Trail Hikers Club');
  await expect(page.getByTestId('room-slow-30').locator('input')).toBeChecked();
  // A photo: uploaded as activity covers are, and the room keeps the stored image's address.
  await page.getByTestId('room-avatar-input').setInputFiles({
    name: 'hikers.png',
    mimeType: 'image/png',
    buffer: await drawnPng(page),
  });
  // The one Avatar component: the picture inside its frame.
  await expect(page.getByTestId('room-card-avatar').locator('img')).toHaveAttribute(
    'src',
    /\/activity\/image\/[a-f0-9]{32}\/\d+\.webp$/,
  );
  await expect(page.getByTestId('room-card-slow')).toHaveText('Slow mode: 30 s');
  await expect(page.getByTestId('room-link-go-live')).toBeVisible();
  await shot('settings');

  // The member leaves from the room info page, after confirming.
  const guestPage = await (await browser.newContext()).newPage();
  await logIn(guestPage, guest.email);
  await guestPage.goto(`/#/pages/chatroom/setting/index?id=${room.id}`);
  await expect(guestPage.getByTestId('room-card-name')).toHaveText('Trail Hikers Club');
  await guestPage.getByTestId('room-leave').click();
  await guestPage.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(guestPage).toHaveURL(/#\/pages\/chatroom\/index$/);
  await expect.poll(async () => (await members()).map((m) => m.uid)).toEqual([owner.uid]);
});

function activityIn(city: string, title: string) {
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return {
    title,
    description: 'Talks, demos and drinks.',
    category: 'web3',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city,
    address: 'Pier 2',
    capacity: 30,
    ticketTypes: [{ name: 'General', price: '5', asset: 'USDT', capacity: 20 }],
    publish: true,
  };
}

test('a city room lists the upcoming activities of its own city only', async ({ page }) => {
  const city = `E2E-${Date.now().toString(36)}`;
  const organizer = await signUp(page.request, 'city', 'Cathy City');
  await call(page.request, 'POST', '/activity/create', organizer.token, activityIn(city, 'Harbour Night'));
  await call(page.request, 'POST', '/activity/create', organizer.token, activityIn(`${city}-elsewhere`, 'Far Away'));
  // One in the same city that is over by the time the page opens: a start can only be in the future, so it starts
  // in two seconds and ends in four, and the page is opened once its end has passed.
  const soon = Date.now() + 2_000;
  await call(page.request, 'POST', '/activity/create', organizer.token, {
    ...activityIn(city, 'Already Over'),
    startsAt: new Date(soon).toISOString(),
    endsAt: new Date(soon + 2_000).toISOString(),
  });
  const room = await call<{ id: string }>(page.request, 'GET', '/chat/room/city', organizer.token, {
    city: city.toLowerCase(),
  });
  const community = await call<{ id: string }>(page.request, 'POST', '/chat/room/create', organizer.token, {
    name: 'Not a city',
  });

  await logIn(page, organizer.email);
  await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(soon + 2_500);
  await page.goto(`/#/pages/chatroom/cityActivities/index?id=${room.id}`);
  await expect(page.getByTestId('city-intro')).toContainText(city.toLowerCase());
  await expect(page.getByTestId('activity-card')).toHaveCount(1);
  await expect(page.getByTestId('activity-card')).toContainText('Harbour Night');
  await expect(page.getByText('Already Over')).toHaveCount(0);
  // The city's public calendar, for a calendar app: its feed holds the city's activity.
  const subscribe = page.getByTestId('city-calendar-subscribe');
  await expect(subscribe).toHaveAttribute('href', /^webcal:\/\/.+\/calendar\/city\/.+\.ics$/);
  const feed = await page.request.get((await subscribe.getAttribute('href'))!.replace(/^webcal:/, 'http:'));
  expect(await feed.text()).toContain('SUMMARY:Harbour Night');

  await page.goto(`/#/pages/chatroom/cityActivities/index?id=${community.id}`);
  await expect(page.getByTestId('city-not-city')).toBeVisible();
});
