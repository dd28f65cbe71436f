import { expect } from '@playwright/test';
import type { Activity } from '@polaris/contract';
import { accountByApi, apiCall, logInAs, stepper, test } from './support.ts';

// The organizer writes to the going attendees from the manage page: the form names what is missing, asks before
// sending, and lists the message; the attendee finds it on the activity page (the server's blast worker fans it
// out) and in the inbox. At 390 px, in English.
test('an organizer messages the attendees, who read it on the activity page', async ({ page, browser }, info) => {
  const shot = stepper(page, info);
  const organizer = await accountByApi(page.request, 'blaster');
  await apiCall(page.request, organizer.token, '/user/personalInfo', { uname: 'Blaster Bo' });
  const start = Date.now() + 3 * 86_400_000;
  const activity = await apiCall<Activity>(page.request, organizer.token, '/activity/create', {
    title: 'Rooftop demo night',
    category: 'web3',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'No. 7, Xinyi Rd',
    capacity: 20,
    publish: true,
  });
  const guest = await accountByApi(page.request, 'blast-guest');
  await apiCall(page.request, guest.token, '/activity/signup', { activityId: activity.id });

  await logInAs(page, organizer.email);
  await page.goto(`/#/pages/activity/manage/index?id=${activity.id}`);
  const composer = page.getByTestId('blast-composer');
  await expect(composer).toBeVisible();
  await expect(page.getByTestId('blast-quota')).toHaveAttribute('data-remaining', '3');
  await page.getByTestId('blast-send').click();
  await expect(page.getByTestId('blast-message-error')).toBeVisible();
  await page.getByTestId('blast-audience-going').uncheck();
  await page.getByTestId('blast-send').click();
  await expect(page.getByTestId('blast-audience-error')).toHaveText('Choose who receives it');
  await page.getByTestId('blast-audience-going').check();
  await expect(page.getByTestId('blast-reach')).toHaveText('Reaches 1 person now');
  // Nobody is on the waitlist: nothing to send, and the button is off with the reason beside it.
  await page.getByTestId('blast-audience-going').uncheck();
  await page.getByTestId('blast-audience-waitlisted').check();
  await expect(page.getByTestId('blast-reach')).toHaveText(/^Nobody is in this audience yet/);
  await expect(page.getByTestId('blast-send')).toBeDisabled();
  await shot('blast to nobody');
  await page.getByTestId('blast-audience-waitlisted').uncheck();
  await page.getByTestId('blast-audience-going').check();
  const message = 'Doors open at 7 <b>sharp</b>.\nBring your ticket.';
  await page.getByTestId('blast-message').fill(message);
  await composer.scrollIntoViewIfNeeded();
  await shot('blast form filled');
  await page.getByTestId('blast-send').click();
  await expect(page.locator('.adm-dialog')).toContainText('This will reach 1 person. To: Going.');
  await shot('blast confirmation');
  await page.locator('.adm-dialog-footer').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('blast-item')).toHaveCount(1);
  await expect(page.getByTestId('blast-message-text')).toHaveText(message);
  await expect(page.getByTestId('blast-quota')).toHaveAttribute('data-remaining', '2');
  await shot('blast listed');

  // The attendee: the message on the activity page once the worker has sent it, as text, not markup.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const attendee = await context.newPage();
  await logInAs(attendee, guest.email);
  await expect
    .poll(
      async () => {
        await attendee.goto(`/#/pages/activity/details/index?id=${activity.id}`);
        await expect(attendee.getByTestId('activity-details')).toBeVisible();
        return attendee.getByTestId('activity-blast').count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(attendee.getByTestId('activity-blast')).toContainText('Doors open at 7 <b>sharp</b>.');
  await expect(attendee.getByTestId('activity-blast').locator('b')).toHaveCount(0);
  await attendee.getByTestId('activity-blasts').screenshot({ path: info.outputPath('attendee-sees-blast.png') });
  await context.close();
});
