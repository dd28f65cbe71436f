import type { RecordSubject, WalletRecord } from '@polaris/contract';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRecord } from '@/api/wallet.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { copyWithToast, counterpartyText } from '@/components/RecordItem.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import ui from '@/components/ui.module.css';
import { isNotFound } from '@/lib/api-error.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { assetAmount, recordView } from '@/lib/wallet.ts';

/** The page a record's subject opens. */
function subjectHref(subject: RecordSubject): string {
  switch (subject.type) {
    case 'activity':
      return href(PATHS.activityDetails, { id: subject.id });
    case 'bounty':
      return href(PATHS.bountyDetail, { id: subject.id });
    case 'redpacket':
      return href(PATHS.redEnvelopeReceive, { redpacketCode: subject.id });
    case 'airdrop':
      return href(PATHS.airdropDetail, { id: subject.id });
    case 'vip':
      return PATHS.vip;
    case 'invite':
      return PATHS.inviteGift;
    case 'earnings':
      return PATHS.distribution;
  }
}

/**
 * One record in full, in a sheet over the records list: amount, what it was, when, its status, the other person,
 * what it was for (a link to it), the note, the chain side, and the reference number support asks for.
 * `known` is the row the list already holds; a record opened from a link elsewhere is fetched by reference.
 */
export function RecordDetail(props: {
  asset: string;
  reference: string | null;
  known: WalletRecord | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const fetched = useRecord(props.asset, props.reference, !props.known);
  const record = props.known ?? fetched.data;
  let content: React.ReactNode;
  if (record) content = <RecordFacts record={record} asset={props.asset} />;
  else if (isNotFound(fetched.error)) content = <p className={ui.center}>{t('records.detail.notFound')}</p>;
  else if (fetched.isError)
    content = <LoadFailed onRetry={() => void fetched.refetch()} message={fetched.error.message} />;
  else content = <Loading testId="record-detail-loading" />;
  return (
    <Sheet
      visible={props.reference !== null}
      onClose={props.onClose}
      labelledBy="record-detail-title"
      bodyStyle={{ borderRadius: '16px 16px 0 0' }}
    >
      <div className={ui.sheet} data-testid="record-detail">
        <h2 className={ui.sheetTitle} id="record-detail-title">
          {t('records.detail.title')}
        </h2>
        {content}
        <Button block onClick={props.onClose} data-testid="record-detail-close">
          {t('records.detail.close')}
        </Button>
      </div>
    </Sheet>
  );
}

function RecordFacts({ record, asset }: { record: WalletRecord; asset: string }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const view = recordView(record);
  const who = counterpartyText(record);
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <div className={ui.kv}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  const copy = (text: string, label: string, testId: string) => (
    <button
      type="button"
      className={ui.sectionLink}
      style={{ display: 'inline-flex', verticalAlign: 'middle' }}
      onClick={() => void copyWithToast(text, label)}
      aria-label={t('common.copy', { label })}
      data-testid={testId}
    >
      <FileOutline aria-hidden />
    </button>
  );
  return (
    <>
      <p
        className={`${ui.figure} ${view.tone === 'in' ? ui.up : ui.down}`}
        style={{ fontSize: 28, textAlign: 'center', margin: '4px 0 16px' }}
        data-testid="record-detail-amount"
      >
        {assetAmount(record.amount, asset, { signed: true })}
      </p>
      <dl className={ui.kvList} style={{ marginBottom: 16 }}>
        {row(t('records.detail.kind'), t(view.typeKey), 'record-detail-kind')}
        {row(t('records.detail.time'), formatDateAndTime(record.createdAt, language))}
        {row(
          t('records.detail.status'),
          <span className={`${ui.badge} ${ui[view.statusTone]}`}>{t(view.statusKey)}</span>,
        )}
        {who &&
          row(
            record.counterpartyUid !== null ? t('records.detail.counterparty') : t('records.address'),
            <>
              {record.counterpartyUid !== null ? who : record.counterparty}
              {record.counterpartyUid === null &&
                record.counterparty &&
                copy(record.counterparty, t('records.address'), 'record-detail-copy-address')}
            </>,
            'record-detail-counterparty',
          )}
        {record.subject &&
          row(
            t('records.detail.related'),
            <Link to={subjectHref(record.subject)} data-testid="record-detail-subject">
              {t(`records.subject.${record.subject.type}`)}
              {record.subject.title ? `: ${record.subject.title}` : ''}
            </Link>,
          )}
        {record.note && row(t('records.detail.note'), record.note, 'record-detail-note')}
        {record.chain &&
          row(
            t('records.chain'),
            view.confirmations
              ? `${record.chain} · ${t('records.confirmations', { progress: view.confirmations })}`
              : record.chain,
          )}
        {record.fee && record.fee !== '0' && row(t('records.detail.fee'), assetAmount(record.fee, asset))}
        {record.txHash &&
          row(
            t('records.txHash'),
            <>
              <span style={{ overflowWrap: 'anywhere' }}>{record.txHash}</span>{' '}
              {copy(record.txHash, t('records.txHash'), 'record-copy-hash')}
            </>,
          )}
        {record.reference &&
          row(
            t('records.detail.reference'),
            <>
              {record.reference} {copy(record.reference, t('records.detail.reference'), 'record-detail-copy-reference')}
              <span className={ui.rowSub} style={{ display: 'block' }}>
                {t('records.detail.referenceHint')}
              </span>
            </>,
            'record-detail-reference',
          )}
      </dl>
    </>
  );
}
