import { type APIRequestContext, expect } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import {
  type Account,
  accountByApi,
  apiCall,
  deposit,
  E2E_TRADE_PASSWORD,
  fundedAccount,
  logInAs,
  stepper,
  test,
} from './support.ts';

// The sign-up sheet as a new person meets it: a multiple-choice question shows its choices (it was a text box
// that refused every answer but the option's exact wording), and a paid ticket with no balance says so before
// anything else and leads to the deposit page and back, instead of a password and a passing "Insufficient balance".

async function publish(request: APIRequestContext, host: Account, title: string, ticket: Record<string, unknown>) {
  await apiCall(request, host.token, '/user/personalInfo', { uname: 'Workshop Host' });
  const start = new Date(Date.now() + 5 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return apiCall<{ id: string; ticketTypes: { id: string }[]; questions: { id: string }[] }>(
    request,
    host.token,
    '/activity/create',
    {
      title,
      description: 'Hands-on, bring a laptop.',
      category: 'tech',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      timezone: 'Asia/Taipei',
      city: 'Taipei',
      address: 'Pier 5',
      capacity: 30,
      ticketTypes: [{ name: 'Seat', capacity: 20, ...ticket }],
      questions: [
        {
          label: 'Your Solidity level',
          type: 'choice',
          required: true,
          options: ['Beginner', 'Intermediate', 'Advanced'],
        },
      ],
      publish: true,
    },
  );
}

test('a choice question shows its choices, names itself when skipped, and the choice reaches the host', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  const host = await accountByApi(page.request, 'choice-host');
  const activity = await publish(page.request, host, 'Solidity Workshop', { price: '0' });
  const question = activity.questions[0]!.id;
  const guest = await accountByApi(page.request, 'choice-guest');
  await logInAs(page, guest.email);
  await page.goto(`/#/pages/activity/details/index?id=${activity.id}`);
  await page.getByTestId('details-signup').click();

  const choice = page.getByTestId(`signup-question-${question}`);
  await expect(choice.getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Your Solidity level *' })).toBeVisible();
  await page.getByTestId('signup-confirm-ok').click();
  await expect(page.getByTestId(`signup-question-${question}-error`)).toHaveText('Please answer this question');
  await shot('choice-missing');
  await choice.getByRole('radio', { name: 'Intermediate' }).check();
  await expect(page.getByTestId(`signup-question-${question}-error`)).toHaveCount(0);
  await shot('choice-chosen');
  await page.getByTestId('signup-confirm-ok').click();
  await expect(page.getByTestId('signup-confirm')).toHaveCount(0);

  const response = await page.request.get(`${API_BASE}/activity/manage/attendees`, {
    params: { activityId: activity.id, status: 'approved' },
    headers: { token: host.token },
  });
  const attendees = (await response.json()) as { attachment: { items: { answers: Record<string, string> }[] } };
  expect(attendees.attachment.items.map((item) => item.answers[question])).toEqual(['Intermediate']);
});

test('a paid ticket with no balance: price and balance first, deposit, and back to finish signing up', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  const host = await accountByApi(page.request, 'paid-host');
  const activity = await publish(page.request, host, 'Paid Solidity Workshop', { price: '25', asset: 'USDT' });
  const question = activity.questions[0]!.id;
  // A transaction password already set and 10 USDT: what is missing is only money.
  const guest = await fundedAccount(page.request, 'paid-guest', '10');
  await logInAs(page, guest.email);
  await page.goto(`/#/pages/activity/details/index?id=${activity.id}`);
  await page.getByTestId('details-signup').click();
  await page.getByTestId(`signup-question-${question}`).getByRole('radio', { name: 'Advanced' }).check();

  await expect(page.getByTestId('signup-confirm-price')).toHaveText('25.00 USDT');
  await expect(page.getByTestId('signup-confirm-balance')).toHaveText('10.00 USDT');
  await expect(page.getByTestId('signup-confirm-shortfall')).toContainText('15.00 USDT');
  await expect(page.getByTestId('signup-confirm-ok')).toHaveCount(0);
  await shot('short-of-funds');

  await page.getByTestId('signup-confirm-deposit').click();
  await expect(page).toHaveURL(/assets\/details\/index\?asset=USDT/);
  await expect(page.getByTestId('deposit-address')).toBeVisible();
  await shot('deposit-page');
  await deposit(guest.email, '20');
  await expect(page.getByTestId('details-available')).toHaveText('30.00');
  await page.getByTestId('details-return-signup').click();

  // The sheet is open again on the same ticket, with the answer chosen before.
  await expect(page.getByTestId('signup-confirm')).toBeVisible();
  await expect(page.getByTestId(`signup-question-${question}`).getByRole('radio', { name: 'Advanced' })).toBeChecked();
  await expect(page.getByTestId('signup-confirm-balance')).toHaveText('30.00 USDT');
  await expect(page.getByTestId('signup-confirm-shortfall')).toHaveCount(0);
  await shot('enough-now');
  await page.getByTestId('signup-confirm-ok').click();
  await page.getByTestId('trade-prompt-password').fill(E2E_TRADE_PASSWORD);
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page.getByTestId('trade-prompt')).toHaveCount(0);
  await expect(page.getByTestId('details-signup')).toHaveCount(0);
});
