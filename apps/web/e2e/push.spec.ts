import { expect, type Page } from '@playwright/test';
import { stepper, test } from './support.ts';

/** Waits until the service worker has installed the build and controls the page (docs/app-platform.md). */
async function controlledBySw(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 25_000 });
}

// A push message delivered to the installed worker the way the browser's push service hands it over (DevTools'
// ServiceWorker.deliverPushMessage), as WebPushSender's payload: the worker shows it with its text, tag, deep link
// and the server-titled action.
test('a push shows its notification through the installed service worker', async ({ page, context, baseURL }, info) => {
  const shot = stepper(page, info);
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto('/');
  await controlledBySw(page);
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((entry) => entry.scopeURL.startsWith(origin) && !entry.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = {
    title: 'Someone sent you a red packet',
    body: 'Happy new year',
    tag: 'redpacketReceived:RP1',
    kind: 'redpacketReceived',
    noticeId: '7',
    link: '/pages/redpacket/index?code=RP1',
    actions: [{ action: 'claim', title: 'Claim' }],
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });
  const shown = async () =>
    page.evaluate(async () => {
      const worker = await navigator.serviceWorker.ready;
      return (await worker.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data,
        icon: n.icon,
      }));
    });
  await expect.poll(shown).toHaveLength(1);
  const [notification] = await shown();
  expect(notification).toEqual({
    title: payload.title,
    body: payload.body,
    tag: payload.tag,
    data: { link: payload.link, noticeId: '7', kind: 'redpacketReceived' },
    icon: `${origin}/icon-192.png`,
  });
  await shot('push-notification-shown');
});
