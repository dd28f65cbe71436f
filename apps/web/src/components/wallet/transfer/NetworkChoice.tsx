import type { WalletAsset } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import ui from '@/components/ui.module.css';
import styles from './transfer.module.css';
import type { TransferFormState } from './useTransferForm.ts';

/** The networks a withdrawal may take; one coming soon or paused says so and cannot be chosen. */
export function NetworkChoice({ asset, form }: { asset: WalletAsset; form: TransferFormState }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className={styles.label} id="transfer-network-label">
        {t('transfer.network')}
      </p>
      <fieldset className={ui.chips} aria-labelledby="transfer-network-label">
        {asset.networks.map((item) => {
          const note = item.waiting ? t('deposit.comingSoon') : !item.withdrawEnabled ? t('transfer.paused') : '';
          return (
            <button
              key={item.chainId}
              type="button"
              aria-pressed={item.chainId === form.chainId}
              className={ui.chip}
              disabled={note !== ''}
              onClick={() => form.chooseChain(item.chainId)}
              data-testid={`transfer-chain-${item.chain}`}
            >
              {item.chain}
              {note && ` · ${note}`}
            </button>
          );
        })}
      </fieldset>
      {form.errors.chainId && (
        <p className={ui.error} role="alert" data-testid="transfer-chain-error">
          {form.errors.chainId}
        </p>
      )}
    </div>
  );
}
