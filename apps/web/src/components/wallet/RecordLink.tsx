import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { recordHref } from '@/components/RecordItem.tsx';

/**
 * "View in wallet records": the plain words for a movement of the user's own money (a bounty's funding, a red
 * packet sent or returned, a reward paid), opening that record's detail. Replaces ledger ids on user screens.
 */
export function RecordLink({ asset, reference, testId }: { asset: string; reference: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={recordHref(asset, reference)} data-testid={testId}>
      {t('records.inWallet')}
    </Link>
  );
}
