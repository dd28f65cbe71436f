import type { DailyLimit, WalletAsset } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import ui from '@/components/ui.module.css';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';
import gates from '../money-gates.module.css';
import styles from './transfer.module.css';
import type { TransferFormState } from './useTransferForm.ts';

/**
 * What the transfer will be, once the recipient is checked: an internal transfer (to whom) or a withdrawal on a
 * network (its fee and limits).
 */
export function TransferTerms({ asset, form }: { asset: WalletAsset; form: TransferFormState }) {
  const { t } = useTranslation();
  const { terms, network } = form;
  if (form.recipient === '' || !(terms || form.checking)) return null;
  return (
    <div className={styles.terms} aria-live="polite" data-testid="transfer-terms">
      {!terms ? (
        <span className={ui.muted}>{t('transfer.checking')}</span>
      ) : terms?.kind === 'internal' ? (
        <>
          <p className={styles.kind} data-testid="transfer-kind" data-kind="internal">
            {t('transfer.internal')}
          </p>
          <p className={ui.hint}>
            {t('transfer.recipient')}: <strong data-testid="transfer-recipient">{terms.recipient?.label}</strong> (
            {t('me.uid')} {terms.recipient?.uid})
          </p>
          <p className={ui.hint}>{t('transfer.internalHint')}</p>
        </>
      ) : terms?.kind === 'withdrawal' ? (
        <>
          <p className={styles.kind} data-testid="transfer-kind" data-kind="withdrawal">
            {t('transfer.withdrawal', { chain: network?.chainName ?? '' })}
          </p>
          <dl className={ui.kvList}>
            <div className={ui.kv}>
              <dt>{t('transfer.fee')}</dt>
              <dd data-testid="transfer-fee">{assetAmount(terms.fee, asset.code)}</dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('transfer.limits')}</dt>
              <dd>
                {amountFigure(terms.min ?? '0', asset.code)} – {assetAmount(terms.max ?? '0', asset.code)}
              </dd>
            </div>
          </dl>
          <DailyLimitLine limit={terms.dailyLimit ?? null} />
        </>
      ) : null}
    </div>
  );
}

/** What is left of today's withdrawal limit, before the user confirms (docs/wallet.md, "Daily withdrawal limit"). */
function DailyLimitLine({ limit }: { limit: DailyLimit | null }) {
  const { t } = useTranslation();
  if (!limit) return null;
  return (
    <div data-testid="transfer-daily-limit">
      <p className={gates.limit}>{t('moneyGates.limit', { remaining: limit.remainingUsd, limit: limit.limitUsd })}</p>
      {!limit.priced && <p className={ui.hint}>{t('moneyGates.limitUnpriced')}</p>}
      {limit.priced && limit.source === 'demo' && <p className={ui.hint}>{t('moneyGates.limitDemo')}</p>}
    </div>
  );
}
