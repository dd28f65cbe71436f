import type { ActivitySummary, CityNames } from '@polaris/contract';
import { i18n } from '@/i18n/index.ts';
import { cityLabel } from '@/lib/city-name.ts';
import { amountFigure } from '@/lib/wallet.ts';

/** "Free" or "From 10 USDT" for a list card. */
export function priceLabel(activity: Pick<ActivitySummary, 'free' | 'priceFrom'>): string {
  if (activity.priceFrom)
    return i18n.t('activity.priceFrom', {
      amount: amountFigure(activity.priceFrom.amount, activity.priceFrom.asset),
      asset: activity.priceFrom.asset,
    });
  return i18n.t('activity.free');
}

/** Where: the city in the reader's language (lib/city-name), or "Online". */
export function placeLabel(
  activity: Pick<ActivitySummary, 'city' | 'online'> & { cityNames?: CityNames | null },
): string {
  if (activity.online && !activity.city) return i18n.t('activity.online');
  return cityLabel(activity.city, activity.cityNames);
}
