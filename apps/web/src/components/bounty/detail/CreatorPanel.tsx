import { useTranslation } from 'react-i18next';
import type { Bounty } from '@/api/bounty.ts';
import { useAsset } from '@/api/wallet.ts';
import ui from '@/components/ui.module.css';
import { RecordLink } from '@/components/wallet/RecordLink.tsx';
import { decimalsOf, escrowLeft } from '@/lib/bounty.ts';
import { assetAmount } from '@/lib/wallet.ts';
import styles from '../bounty.module.css';

/** What only the creator sees: the escrow still held, and the ledger entries of the funding and the refund. */
export function CreatorPanel({ bounty }: { bounty: Bounty }) {
  const { t } = useTranslation();
  const decimals = useAsset(bounty.asset).data?.decimals ?? decimalsOf(bounty.total, bounty.perWinner);
  const held = bounty.state === 'ended' || bounty.state === 'completed' ? '0' : escrowLeft(bounty, decimals);
  return (
    <section className={ui.card} data-testid="bounty-creator-panel">
      <h2 className={styles.panelTitle}>{t('bounty.detail.yourBounty')}</h2>
      <dl className={ui.kvList}>
        <div className={ui.kv}>
          <dt>{t('bounty.manage.escrowLeft')}</dt>
          <dd data-testid="bounty-escrow-left">{assetAmount(held, bounty.asset)}</dd>
        </div>
        {bounty.fundEntryId && (
          <div className={ui.kv}>
            <dt>{t('bounty.detail.fundEntry')}</dt>
            <dd>
              <RecordLink asset={bounty.asset} reference={bounty.fundEntryId} testId="bounty-fund-record" />
            </dd>
          </div>
        )}
        {bounty.refundEntryId && (
          <div className={ui.kv}>
            <dt>{t('bounty.detail.refundEntry')}</dt>
            <dd>
              <RecordLink asset={bounty.asset} reference={bounty.refundEntryId} testId="bounty-refund-record" />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
