import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { type Account, accountByApi, apiCall, E2E_PASSWORD, speakOnEveryLoad, test } from './support.ts';

/**
 * Issue 23 items 9 and 10, in Traditional Chinese and English: one identity (an avatar uploaded with a crop shows in
 * the Me header and beside the person's chat messages; the display name names them) and one guest wall (what the
 * page is, log in and sign up, back to the page after).
 */

const shots = path.resolve(import.meta.dirname, '../../../../shots/identity');
const shoot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });

test.use({ viewport: { width: 390, height: 844 } });

type Language = 'zh-Hant' | 'en';

async function speak(page: Page, language: Language) {
  await speakOnEveryLoad(page, language);
}

async function logIn(page: Page, email: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/login/);
}

async function named(request: APIRequestContext, prefix: string, names: { uname: string; openName: string }) {
  const account = await accountByApi(request, prefix);
  await apiCall(request, account.token, '/user/personalInfo', names);
  return account;
}

/** A photo wider than tall, two colours side by side, so the crop has something to choose. */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d9480f' } })
    .composite([
      {
        input: { create: { width: 600, height: 800, channels: 3, background: '#1c7ed6' } },
        left: 600,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

const WORDS = {
  'zh-Hant': {
    name: '王小明',
    wall: (page: string) => `登入後查看「${page}」`,
    security: '安全中心',
    transfer: '轉帳',
    vip: '會員',
    login: '登入',
    register: '註冊',
  },
  en: {
    name: 'Ann Lee',
    wall: (page: string) => `Log in to see “${page}”`,
    security: 'Security centre',
    transfer: 'Transfer',
    vip: 'Membership',
    login: 'Log in',
    register: 'Sign up',
  },
} as const;

for (const language of ['zh-Hant', 'en'] as const) {
  const words = WORDS[language];

  test(`one identity (${language}): the display name in the Me header, an avatar cropped, resized and shown in chat`, async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // two people, two logins, an upload and a chat room: slow on a shared machine
    const ann = await named(request, `id-ann-${language.toLowerCase()}`, {
      uname: `ann_${Date.now() % 1e6}`,
      openName: words.name,
    });
    const bob: Account = await accountByApi(request, `id-bob-${language.toLowerCase()}`);
    await speak(page, language);
    await page.goto('/#/pages/user/login/index');
    await logIn(page, ann.email);

    await page.goto('/#/pages/home/index');
    await expect(page.getByTestId('me-name')).toContainText(words.name);
    await expect(page.getByTestId('me-avatar')).toHaveAttribute('data-avatar', 'initial');
    await expect(page.getByTestId('me-avatar')).toHaveText(words.name.slice(0, 1).toUpperCase());
    // One list-row style: every row of the Me tab is a row with a chevron, none an underlined link.
    await expect(page.getByTestId('me-security')).toContainText(words.security);
    await shoot(page, `me-tab-${language}`, true);

    await page.getByTestId('me-open-profile').click();
    await expect(page).toHaveURL(/#\/pages\/my\/personal-center\/index/);
    await expect(page.getByTestId('profile-open-name')).toHaveValue(words.name);
    await expect(page.getByTestId('profile-email')).toHaveText(ann.email);
    await shoot(page, `profile-${language}`);

    await page.getByTestId('profile-avatar-input').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: await photo(),
    });
    const area = page.getByTestId('avatar-crop-area');
    await expect(area.locator('img')).toBeVisible();
    // The sheet has finished sliding in: the whole crop square and the buttons are on screen.
    await expect(area).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('avatar-crop-use')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('avatar-crop-use')).toBeEnabled();
    // antd-mobile lets touches through to the mask until its spring has settled.
    await expect(page.locator('.adm-popup-body')).toHaveCSS('pointer-events', 'auto');
    await page.getByTestId('avatar-crop-zoom').fill('1.5');
    const box = (await area.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await shoot(page, `crop-${language}`);

    const uploaded = page.waitForResponse((response) => response.url().includes('/user/avatar/upload'));
    await page.getByTestId('avatar-crop-use').click();
    const body = (await (await uploaded).json()) as { status: number; attachment: { avatar: string } };
    expect(body.status).toBe(200);
    // Resized on the device: the server keeps an image's own width as its largest (never enlarging), so a 512 px
    // avatar means a 512 px square was sent, not the 1200 × 800 photo (which would be kept up to 1280).
    expect(body.attachment.avatar).toMatch(/\/512\.webp$/);
    await expect(page.getByTestId('avatar-cropper')).toBeHidden();
    await expect(page.getByTestId('profile-avatar')).toHaveAttribute('data-avatar', 'image');

    await page.goto('/#/pages/home/index');
    await expect(page.getByTestId('me-avatar')).toHaveAttribute('data-avatar', 'image');
    await expect(page.getByTestId('me-avatar').locator('img')).toHaveAttribute('src', body.attachment.avatar);
    await expect
      .poll(() =>
        page
          .getByTestId('me-avatar')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(512);
    await shoot(page, `me-tab-avatar-${language}`);

    // Ann talks in a room; Bob sees her picture and her display name beside her message.
    const room = await apiCall<{ id: string }>(request, ann.token, '/chat/room/create', { name: 'Faces' });
    await apiCall(request, bob.token, '/chat/room/join', { roomId: room.id });
    await apiCall(request, ann.token, '/chat/message/send', { roomId: room.id, text: 'hello from Ann' });
    const bobContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const bobPage = await bobContext.newPage();
    await speak(bobPage, language);
    await bobPage.goto('/#/pages/user/login/index');
    await logIn(bobPage, bob.email);
    await bobPage.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
    const message = bobPage.getByTestId('chat-message').filter({ hasText: 'hello from Ann' });
    await expect(message).toContainText(words.name);
    await expect(message.getByTestId('message-avatar')).toHaveAttribute('data-avatar', 'image');
    await expect(message.getByTestId('message-avatar').locator('img')).toHaveAttribute('src', body.attachment.avatar);
    await expect
      .poll(() =>
        message
          .getByTestId('message-avatar')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(512);
    await shoot(bobPage, `chat-avatar-${language}`);
    await bobContext.close();
  });

  test(`the guest wall (${language}) says what the page is, offers both ways in, and returns after login`, async ({
    page,
    request,
  }) => {
    await speak(page, language);
    const routes: [string, string][] = [
      ['/#/pages/my/security-center/index', words.security],
      ['/#/pages/home/transfer/index?asset=USDT', words.transfer],
      ['/#/pages/my/vip/index', words.vip],
    ];
    for (const [route, name] of routes) {
      await page.goto(route);
      const wall = page.getByTestId('guest-wall');
      await expect(wall.getByRole('heading')).toHaveText(words.wall(name));
      await expect(page.getByTestId('nav-title')).toHaveText(name);
      await expect(page.getByTestId('guest-wall-login')).toHaveText(words.login);
      await expect(page.getByTestId('guest-wall-register')).toHaveText(words.register);
      await expect(wall).not.toContainText('您');
      await expect(wall).not.toContainText(language === 'en' ? 'wallet' : '錢包');
    }
    await shoot(page, `guest-wall-${language}`);

    await page.getByTestId('guest-wall-register').click();
    await expect(page).toHaveURL(/#\/pages\/user\/register\/index/);
    await page.goBack();
    await expect(page.getByTestId('guest-wall')).toBeVisible();

    const lin = await accountByApi(request, `id-guest-${language.toLowerCase()}`);
    await page.getByTestId('guest-wall-login').click();
    await expect(page).toHaveURL(/#\/pages\/user\/login\/index/);
    await logIn(page, lin.email);
    await expect(page).toHaveURL(/#\/pages\/my\/vip\/index/);
    await expect(page.getByTestId('guest-wall')).toBeHidden();
  });
}
