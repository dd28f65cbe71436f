import { TOAST_DURATION_MS, type WalletRecord } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/index.ts';
import { copyText } from '@/lib/clipboard.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { groupDigits, recordView, shortHash } from '@/lib/wallet.ts';
import styles from './ui.module.css';

/** SPEC §8 copy toasts: "{label} copied" / "{label} copy failed". */
export async function copyWithToast(text: string, label: string) {
  const ok = await copyText(text);
  Toast.show({
    content: ok ? i18n.t('common.copied', { label }) : i18n.t('common.copyFailed', { label }),
    duration: TOAST_DURATION_MS,
  });
}

/** One movement: type, signed amount, status, chain, tx hash (copyable), confirmations, counterparty, time. */
export function RecordItem({ record, asset }: { record: WalletRecord; asset: string }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const view = recordView(record);
  const tone = view.tone === 'in' ? styles.up : styles.down;
  return (
    <li className={styles.row} style={{ alignItems: 'flex-start' }} data-testid="record-item" data-type={record.type}>
      <div className={styles.rowMain}>
        <p className={styles.rowTitle}>{t(view.typeKey)}</p>
        <p className={styles.rowSub}>{formatDateAndTime(record.createdAt, language)}</p>
        {record.chain && (
          <p className={styles.rowSub}>
            {t('records.chain')}: {record.chain}
            {view.confirmations && ` · ${t('records.confirmations', { progress: view.confirmations })}`}
          </p>
        )}
        {record.counterparty && (
          <p className={styles.rowSub} data-testid="record-counterparty">
            {t(view.tone === 'in' ? 'records.from' : 'records.to')}: {shortHash(record.counterparty, 10, 6)}
          </p>
        )}
        {record.txHash && (
          <p className={styles.rowSub}>
            {t('records.txHash')}: {shortHash(record.txHash, 8, 6)}{' '}
            <button
              type="button"
              className={styles.sectionLink}
              style={{ display: 'inline-flex', verticalAlign: 'middle' }}
              onClick={() => void copyWithToast(record.txHash ?? '', t('records.txHash'))}
              aria-label={t('common.copy', { label: t('records.txHash') })}
              data-testid="record-copy-hash"
            >
              <FileOutline aria-hidden />
            </button>
          </p>
        )}
      </div>
      <div className={styles.rowEnd}>
        <p className={`${styles.figure} ${tone}`} data-testid="record-amount">
          {groupDigits(view.signedAmount)} {asset}
        </p>
        {record.fee && record.fee !== '0' && (
          <p className={styles.rowSub}>{t('records.fee', { fee: record.fee, asset })}</p>
        )}
        <span className={`${styles.badge} ${styles[view.statusTone]}`} data-testid="record-status">
          {t(view.statusKey)}
        </span>
      </div>
    </li>
  );
}
