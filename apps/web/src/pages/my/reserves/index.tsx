import {
  checkProofAgainstSnapshot,
  formatAmount,
  type ProofAgainstSnapshot,
  type ReservesAsset,
  type ReservesProofFile,
  type ReservesSnapshot,
} from '@polaris/contract';
import { CheckShieldOutline, CloseCircleOutline, ExclamationTriangleOutline, FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyReservesProof, useReservesSnapshot } from '@/api/reserves.ts';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { copyWithToast } from '@/components/RecordItem.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { formatDateAndTime } from '@/lib/format.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, shortHash } from '@/lib/wallet.ts';
import styles from './reserves.module.css';

/**
 * Proof of reserves (docs/proof-of-reserves.md): the latest published snapshot (what the app owes per asset, what
 * custody holds, plainly when it is less), my balances in it, and a check, in this browser, that my leaf and its
 * path lead to the published root; the proof file to copy or download for `npm run reserves:verify`.
 */
export default function ReservesPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('reserves.title')}>
      <RequireLogin>
        <Reserves />
      </RequireLogin>
    </Frame>
  );
}

function Reserves() {
  const { t } = useTranslation();
  const latest = useReservesSnapshot();
  const mine = useMyReservesProof();
  if (latest.isPending || mine.isPending) return <Loading testId="reserves-loading" />;
  if (latest.isError || mine.isError) {
    const retry = () => void Promise.all([latest.refetch(), mine.refetch()]);
    return <LoadFailed onRetry={retry} message={(latest.error ?? mine.error)?.message} testId="reserves-error" />;
  }
  const snapshot = latest.data.snapshot;
  if (!snapshot) {
    return (
      <EmptyState
        icon={<FileOutline />}
        title={t('reserves.empty.title')}
        body={t('reserves.empty.body')}
        testId="reserves-empty"
      />
    );
  }
  return (
    <>
      <Summary snapshot={snapshot} />
      <Assets snapshot={snapshot} />
      <MyProof snapshot={snapshot} proof={mine.data.snapshotId === snapshot.id ? mine.data.proof : null} />
      <p className={ui.hint} style={{ margin: '16px 4px' }}>
        {t('reserves.howTo')}
      </p>
    </>
  );
}

function Summary({ snapshot }: { snapshot: ReservesSnapshot }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const short = snapshot.shortAssets.length > 0;
  return (
    <section className={ui.card} aria-labelledby="reserves-summary" data-testid="reserves-summary">
      <h2 className={ui.sectionTitle} id="reserves-summary">
        {t('reserves.snapshot', { id: snapshot.id })}
      </h2>
      <dl className={ui.kvList}>
        <div className={ui.kv}>
          <dt>{t('reserves.takenAt')}</dt>
          <dd>{formatDateAndTime(snapshot.takenAt, language)}</dd>
        </div>
        <div className={ui.kv}>
          <dt>{t('reserves.users')}</dt>
          <dd>{snapshot.leafCount}</dd>
        </div>
        <div className={ui.kv}>
          <dt>{t('reserves.root')}</dt>
          <dd>
            <button
              type="button"
              className={styles.hash}
              onClick={() => void copyWithToast(snapshot.rootHash, t('reserves.root'))}
              // The name starts with what the button shows (WCAG 2.5.3), then says what a tap does.
              aria-label={`${shortHash(snapshot.rootHash, 10, 8)}, ${t('reserves.copyRoot')}`}
              data-testid="reserves-root"
            >
              {shortHash(snapshot.rootHash, 10, 8)}
            </button>
          </dd>
        </div>
      </dl>
      {short ? (
        <p className={`${styles.verdict} ${styles.short}`} role="alert" data-testid="reserves-short">
          <ExclamationTriangleOutline aria-hidden />
          {t('reserves.short', { assets: snapshot.shortAssets.join(', ') })}
        </p>
      ) : (
        <p className={`${styles.verdict} ${styles.covered}`} data-testid="reserves-covered">
          <CheckShieldOutline aria-hidden />
          {t('reserves.covered')}
        </p>
      )}
    </section>
  );
}

/** Assets anyone owes or holds anything of; the rest of the catalogue would be rows of zeros. */
function Assets({ snapshot }: { snapshot: ReservesSnapshot }) {
  const { t } = useTranslation();
  const shown = snapshot.assets.filter((asset) => asset.liabilities !== '0' || asset.reserves !== '0');
  return (
    <section className={ui.section} aria-labelledby="reserves-assets">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="reserves-assets">
          {t('reserves.assets')}
        </h2>
      </div>
      {shown.length === 0 ? (
        <p className={ui.hint}>{t('reserves.nothingOwed')}</p>
      ) : (
        <ul className={styles.assets} data-testid="reserves-assets">
          {shown.map((asset) => (
            <AssetLine key={asset.code} asset={asset} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AssetLine({ asset }: { asset: ReservesAsset }) {
  const { t } = useTranslation();
  const figure = (value: string) => amountFigure(value, asset.code, { exact: true });
  const chains = [...new Set(asset.custody.map((line) => line.chain))];
  return (
    <li className={ui.card} data-testid={`reserves-asset-${asset.code}`}>
      <div className={styles.assetHead}>
        <h3 className={styles.assetCode}>{asset.code}</h3>
        <span className={`${ui.badge} ${asset.short ? ui.danger : ui.success}`}>
          {asset.ratio === null ? t('reserves.noRatio') : t('reserves.ratio', { ratio: asset.ratio })}
        </span>
      </div>
      <dl className={ui.kvList}>
        <div className={ui.kv}>
          <dt>{t('reserves.liabilities')}</dt>
          <dd data-testid={`reserves-liabilities-${asset.code}`}>{figure(asset.liabilities)}</dd>
        </div>
        {asset.heldForUsers !== '0' && (
          <div className={ui.kv}>
            <dt className={styles.sub}>{t('reserves.heldForUsers')}</dt>
            <dd className={styles.sub}>{figure(asset.heldForUsers)}</dd>
          </div>
        )}
        <div className={ui.kv}>
          <dt>{t('reserves.reserves')}</dt>
          <dd data-testid={`reserves-reserves-${asset.code}`}>{figure(asset.reserves)}</dd>
        </div>
      </dl>
      {chains.length > 0 && (
        <p className={ui.hint}>
          {t(
            asset.custody.some((line) => line.source === 'local-simulator')
              ? 'reserves.heldOnSimulated'
              : 'reserves.heldOn',
            {
              chains: chains.join(', '),
            },
          )}
        </p>
      )}
      {asset.short && (
        <p className={`${ui.hint} ${styles.shortLine}`} data-testid={`reserves-short-${asset.code}`}>
          {t('reserves.shortAsset', { asset: asset.code })}
        </p>
      )}
    </li>
  );
}

function MyProof({ snapshot, proof }: { snapshot: ReservesSnapshot; proof: ReservesProofFile | null }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<ProofAgainstSnapshot | null>(null);
  if (!proof) {
    return (
      <section className={ui.section} aria-labelledby="reserves-mine">
        <h2 className={ui.sectionTitle} id="reserves-mine">
          {t('reserves.mine.title')}
        </h2>
        <p className={ui.hint} data-testid="reserves-no-leaf">
          {t('reserves.mine.noLeaf')}
        </p>
      </section>
    );
  }
  const json = JSON.stringify(proof, null, 2);
  const balances = proof.snapshot.assets
    .map((asset, i) => ({ code: asset.code, amount: formatAmount(BigInt(proof.leaf.balances[i]!), asset.decimals) }))
    .filter((line) => line.amount !== '0');
  return (
    <section className={ui.section} aria-labelledby="reserves-mine">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="reserves-mine">
          {t('reserves.mine.title')}
        </h2>
      </div>
      <div className={ui.card} data-testid="reserves-mine">
        <p className={ui.hint}>{t('reserves.mine.hint', { uid: proof.leaf.uid, steps: proof.path.length })}</p>
        {balances.length === 0 ? (
          <p className={ui.hint}>{t('reserves.mine.allZero')}</p>
        ) : (
          <dl className={ui.kvList}>
            {balances.map((line) => (
              <div key={line.code} className={ui.kv}>
                <dt>{line.code}</dt>
                <dd data-testid={`reserves-my-${line.code}`}>
                  {amountFigure(line.amount, line.code, { exact: true })}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <div role="status" aria-live="polite" className={styles.checkLine}>
          {check?.verified === true && (
            <p className={`${styles.verdict} ${styles.covered}`} data-testid="reserves-verified">
              <CheckShieldOutline aria-hidden />
              {t('reserves.mine.verified')}
            </p>
          )}
          {check?.verified === false && (
            <p className={`${styles.verdict} ${styles.short}`} data-testid="reserves-not-verified">
              <CloseCircleOutline aria-hidden />
              {t('reserves.mine.notVerified')}
            </p>
          )}
        </div>
        <div className={ui.actions}>
          <Button
            variant="primary"
            className={styles.wide}
            onClick={() => setCheck(checkProofAgainstSnapshot(proof, snapshot))}
            data-testid="reserves-verify"
          >
            {t('reserves.mine.verify')}
          </Button>
          <Button onClick={() => void copyWithToast(json, t('reserves.mine.proof'))} data-testid="reserves-copy">
            {t('reserves.mine.copy')}
          </Button>
          <Button
            onClick={() =>
              saveFile(new Blob([json], { type: 'application/json' }), `reserves-proof-${proof.snapshot.id}.json`)
            }
            data-testid="reserves-download"
          >
            {t('reserves.mine.download')}
          </Button>
        </div>
      </div>
    </section>
  );
}
