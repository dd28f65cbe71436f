import type { TransferResult } from '@polaris/contract';
import { Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import ui from '@/components/ui.module.css';

/** Where the transfer stands (done, failed, or on its way on the chain), and the way to its records or the asset. */
export function TransferDone({ result, asset }: { result: TransferResult; asset: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completed = result.status === 'completed';
  const failed = result.status === 'failed';
  return (
    <div data-testid="transfer-result" data-status={result.status}>
      <Result
        status={completed ? 'success' : failed ? 'error' : 'waiting'}
        title={
          completed
            ? t('transfer.doneCompleted')
            : failed
              ? t('transfer.doneFailed')
              : result.status === 'review'
                ? t('moneyGates.underReview')
                : t('transfer.doneProcessing')
        }
        description={
          result.kind === 'withdrawal'
            ? t('transfer.doneWithdrawal', { amount: result.amount, fee: result.fee, asset })
            : t('transfer.doneInternal', { amount: result.amount, asset })
        }
      />
      <div className={ui.actions}>
        <Button
          onClick={() => navigate(href(PATHS.assetRecords, { asset }), { replace: true })}
          data-testid="transfer-view-records"
        >
          {t('transfer.viewRecords')}
        </Button>
        <Button
          variant="primary"
          onClick={() => navigate(href(PATHS.assetDetails, { asset }), { replace: true })}
          data-testid="transfer-done"
        >
          {t('transfer.done')}
        </Button>
      </div>
    </div>
  );
}
