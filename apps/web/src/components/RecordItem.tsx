import { TOAST_DURATION_MS, type WalletRecord } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href, PATHS } from '@/app/paths.ts';
import { i18n } from '@/i18n/index.ts';
import { copyText } from '@/lib/clipboard.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount, recordView, shortHash } from '@/lib/wallet.ts';
import styles from './ui.module.css';

/** SPEC §8 copy toasts: "{label} copied" / "{label} copy failed". */
export async function copyWithToast(text: string, label: string) {
  const ok = await copyText(text);
  Toast.show({
    content: ok ? i18n.t('common.copied', { label }) : i18n.t('common.copyFailed', { label }),
    duration: TOAST_DURATION_MS,
  });
}

/** The other side of a record as a person reads it: "Olivia · UID 10000006", or a shortened address. */
export function counterpartyText(record: WalletRecord): string | null {
  if (record.counterpartyName !== null && record.counterpartyUid !== null) {
    return i18n.t('records.who', { name: record.counterpartyName, uid: record.counterpartyUid });
  }
  return record.counterparty ? shortHash(record.counterparty, 10, 6) : null;
}

/** Where a record's detail opens: the records page of the asset with `record` (its reference number). */
export const recordHref = (asset: string, reference: string) => href(PATHS.assetRecords, { asset, record: reference });

/**
 * One movement: what it was (a label for every kind), the other person by name, what it was for, signed amount,
 * status, time. A row with a reference number opens its detail; a deposit still confirming shows its progress.
 */
export function RecordItem({ record, asset, replace }: { record: WalletRecord; asset: string; replace?: boolean }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const view = recordView(record);
  const tone = view.tone === 'in' ? styles.up : styles.down;
  const who = counterpartyText(record);
  const body = (
    <>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle} style={{ display: 'block' }} data-testid="record-label">
          {t(view.typeKey)}
        </span>
        {who && (
          <span className={styles.rowSub} style={{ display: 'block' }} data-testid="record-counterparty">
            {t(view.tone === 'in' ? 'records.from' : 'records.to')}: {who}
          </span>
        )}
        {record.subject?.title && (
          <span className={styles.rowSub} style={{ display: 'block' }} data-testid="record-subject">
            {t(`records.subject.${record.subject.type}`)}: {record.subject.title}
          </span>
        )}
        {record.chain && (
          <span className={styles.rowSub} style={{ display: 'block' }}>
            {t('records.chain')}: {record.chain}
            {view.confirmations && ` · ${t('records.confirmations', { progress: view.confirmations })}`}
          </span>
        )}
        <span className={styles.rowSub} style={{ display: 'block' }}>
          {formatDateAndTime(record.createdAt, language)}
        </span>
      </span>
      <span className={styles.rowEnd}>
        <span className={`${styles.figure} ${tone}`} style={{ display: 'block' }} data-testid="record-amount">
          {assetAmount(record.amount, asset, { signed: true })}
        </span>
        {record.fee && record.fee !== '0' && (
          <span className={styles.rowSub} style={{ display: 'block' }}>
            {t('records.fee', { fee: amountFigure(record.fee, asset), asset })}
          </span>
        )}
        <span className={`${styles.badge} ${styles[view.statusTone]}`} data-testid="record-status">
          {t(view.statusKey)}
        </span>
      </span>
    </>
  );
  return (
    <li className={styles.rowItem} data-testid="record-item" data-type={record.type} data-kind={record.kind}>
      {record.reference ? (
        <Link
          className={styles.row}
          style={{ alignItems: 'flex-start', color: 'inherit', textDecoration: 'none' }}
          to={recordHref(asset, record.reference)}
          replace={replace}
          data-testid="record-open"
        >
          {body}
          {/* Named by what it shows, then what it does: a name that left out the visible words could not be spoken
              to voice control (WCAG 2.5.3, axe's label-content-name-mismatch in e2e/a11y.spec.ts). */}
          <span className="px-visually-hidden">{t('records.open')}</span>
          <RightOutline aria-hidden style={{ alignSelf: 'center', color: 'var(--adm-color-light)', flex: 'none' }} />
        </Link>
      ) : (
        <div className={styles.row} style={{ alignItems: 'flex-start' }}>
          {body}
        </div>
      )}
    </li>
  );
}
