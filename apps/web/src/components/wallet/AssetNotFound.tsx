import { AssetQuery } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { PageNotFound } from '@/app/PageState.tsx';

/** Whether a link's `asset` has the shape of an asset code; anything else cannot name one. */
export const isAssetCode = (code: string) => AssetQuery.shape.asset.safeParse(code).success;

/** The not-found state of the wallet pages that show one asset (details, records, transfer). */
export function AssetNotFound() {
  const { t } = useTranslation();
  return <PageNotFound title={t('notFound.assetTitle')} body={t('notFound.assetBody')} />;
}
