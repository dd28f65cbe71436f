import type { PromoCode } from '@polaris/contract';
import type { TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';

/** A promo code made through the API by a host; throws with the answer when refused. */
export async function createPromo(
  t: TestApp,
  user: WalletUser,
  activityId: string,
  body: Record<string, unknown>,
): Promise<PromoCode> {
  const result = await t.call<PromoCode>('POST', '/activity/manage/promo/create', {
    token: user.token,
    body: { activityId, maxUses: 10, ...body },
  });
  if (result.status !== 200) throw new Error(`promo: ${result.msg} ${JSON.stringify(result.attachment)}`);
  return result.attachment;
}

export async function promoUses(t: TestApp, user: WalletUser, activityId: string): Promise<Record<string, number>> {
  const list = await t.call<{ items: PromoCode[] }>('GET', '/activity/manage/promo/list', {
    token: user.token,
    query: { activityId },
  });
  return Object.fromEntries(list.attachment.items.map((item) => [item.code, item.uses]));
}
